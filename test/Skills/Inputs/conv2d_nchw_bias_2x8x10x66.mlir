// A 3x3 convolution with a bias, as Torch-MLIR writes it: the bias broadcast
// over the output, the convolution accumulating onto it.
func.func @main(%x: tensor<2x8x10x66xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<2x16x8x64xf32> {
  %e = tensor.empty() : tensor<2x16x8x64xf32>
  %init = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<2x16x8x64xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x10x66xf32>, tensor<16x8x3x3xf32>) outs(%init : tensor<2x16x8x64xf32>) -> tensor<2x16x8x64xf32>
  return %y : tensor<2x16x8x64xf32>
}
