// A 3x3x3 convolution, NCDHW: 2 images of 4 channels at 6x10x66 into 16 channels at 4x8x64.
func.func @main(%x: tensor<2x4x6x10x66xf32>, %w: tensor<16x4x3x3x3xf32>) -> tensor<2x16x4x8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x4x8x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x4x8x64xf32>) -> tensor<2x16x4x8x64xf32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<2x4x6x10x66xf32>, tensor<16x4x3x3x3xf32>) outs(%f : tensor<2x16x4x8x64xf32>) -> tensor<2x16x4x8x64xf32>
  return %y : tensor<2x16x4x8x64xf32>
}
