// A grouped 3x3 convolution, NGCHW: 2 images, 4 groups of 8 channels at 10x58 into 4 groups of 16 filters at 8x56.
func.func @main(%x: tensor<2x4x8x10x58xf32>, %w: tensor<4x16x8x3x3xf32>) -> tensor<2x4x16x8x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x16x8x56xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x16x8x56xf32>) -> tensor<2x4x16x8x56xf32>
  %y = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x4x8x10x58xf32>, tensor<4x16x8x3x3xf32>) outs(%f : tensor<2x4x16x8x56xf32>) -> tensor<2x4x16x8x56xf32>
  return %y : tensor<2x4x16x8x56xf32>
}
