// A 3x3 convolution with stride 2 and dilation 2, no padding, onto zeros:
// 2x32x19x19 -> 2x128x8x8, K = 288, 128 output pixels.
func.func @main(%x: tensor<2x32x19x19xf32>, %w: tensor<128x32x3x3xf32>) -> tensor<2x128x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x128x8x8xf32>) -> tensor<2x128x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x32x19x19xf32>, tensor<128x32x3x3xf32>) outs(%init : tensor<2x128x8x8xf32>) -> tensor<2x128x8x8xf32>
  return %y : tensor<2x128x8x8xf32>
}
