// A 3x3 convolution, NCHW, 2 images of 8 channels at 10x66 into 16 channels at 8x64.
func.func @main(%x: tensor<2x8x10x66xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<2x16x8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x8x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x8x64xf32>) -> tensor<2x16x8x64xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x10x66xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<2x16x8x64xf32>) -> tensor<2x16x8x64xf32>
  return %y : tensor<2x16x8x64xf32>
}
