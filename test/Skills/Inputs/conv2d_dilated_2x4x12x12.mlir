// A 3x3 convolution with dilation 2 (as level1/15_conv2d_dilated):
// 2x4x12x12 -> 2x8x8x8 (zero fill + convolution: dispatches 0 and 1).
func.func @main(%x: tensor<2x4x12x12xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x4x12x12xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}
