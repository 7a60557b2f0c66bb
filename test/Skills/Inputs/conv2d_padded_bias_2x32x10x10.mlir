// A padded 3x3 convolution with a bias, as Torch-MLIR writes it (a
// tensor.pad, the bias broadcast over the output): 2x32x10x10 -> 2x64x10x10,
// K = 32 x 3 x 3 = 288, 200 output pixels (a partial tile of 128).
func.func @main(%x: tensor<2x32x10x10xf32>, %w: tensor<64x32x3x3xf32>, %b: tensor<64xf32>) -> tensor<2x64x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x32x10x10xf32> to tensor<2x32x12x12xf32>
  %e = tensor.empty() : tensor<2x64x10x10xf32>
  %init = linalg.broadcast ins(%b : tensor<64xf32>) outs(%e : tensor<2x64x10x10xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<2x32x12x12xf32>, tensor<64x32x3x3xf32>) outs(%init : tensor<2x64x10x10xf32>) -> tensor<2x64x10x10xf32>
  return %y : tensor<2x64x10x10xf32>
}
