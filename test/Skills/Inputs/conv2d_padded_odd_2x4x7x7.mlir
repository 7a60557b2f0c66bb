// A padded 3x3 convolution over a 7x7 image (as Torch-MLIR writes padding
// 1: a tensor.pad, then the convolution): 2x4x7x7 -> 2x12x7x7, so the
// output's 49 pixels and 12 filters leave partial GEMM tiles.
func.func @main(%x: tensor<2x4x7x7xf32>, %w: tensor<12x4x3x3xf32>) -> tensor<2x12x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x4x7x7xf32> to tensor<2x4x9x9xf32>
  %e = tensor.empty() : tensor<2x12x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x12x7x7xf32>) -> tensor<2x12x7x7xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<2x4x9x9xf32>, tensor<12x4x3x3xf32>) outs(%init : tensor<2x12x7x7xf32>) -> tensor<2x12x7x7xf32>
  return %y : tensor<2x12x7x7xf32>
}
