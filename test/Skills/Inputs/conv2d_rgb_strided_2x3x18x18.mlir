// A stride-2 3x3 convolution of a 3-channel image into 32 filters (a
// network's stem): K = 27 floats a window, one 32-wide K step, fewer than
// a two-stage pipeline keeps in flight. 2x3x18x18 -> 2x32x8x8 (zero fill +
// convolution: dispatches 0, 1).
func.func @main(%x: tensor<2x3x18x18xf32>, %w: tensor<32x3x3x3xf32>) -> tensor<2x32x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x18x18xf32>, tensor<32x3x3x3xf32>) outs(%init : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  return %y : tensor<2x32x8x8xf32>
}
