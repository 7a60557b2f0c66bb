// A 3x5 convolution with stride 2 (as level1/19_conv2d_asymmetric_strided):
// 2x4x21x23 -> 2x8x10x10 (zero fill + convolution: dispatches 0 and 1).
func.func @main(%x: tensor<2x4x21x23xf32>, %w: tensor<8x4x3x5xf32>) -> tensor<2x8x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x10x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x10x10xf32>) -> tensor<2x8x10x10xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x4x21x23xf32>, tensor<8x4x3x5xf32>) outs(%init : tensor<2x8x10x10xf32>) -> tensor<2x8x10x10xf32>
  return %y : tensor<2x8x10x10xf32>
}
