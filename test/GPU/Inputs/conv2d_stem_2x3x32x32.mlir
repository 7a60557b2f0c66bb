// A ResNet-style stem (level2/04's form): a 7x7 convolution with stride 2
// and padding 3 over 3 channels, onto zeros: 2x3x32x32 -> 2x64x16x16,
// K = 3 x 7 x 7 = 147 (not a multiple of 32), 49 taps a window.
func.func @main(%x: tensor<2x3x32x32xf32>, %w: tensor<64x3x7x7xf32>) -> tensor<2x64x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x3x32x32xf32> to tensor<2x3x38x38xf32>
  %e = tensor.empty() : tensor<2x64x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x64x16x16xf32>) -> tensor<2x64x16x16xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%padded, %w : tensor<2x3x38x38xf32>, tensor<64x3x7x7xf32>) outs(%init : tensor<2x64x16x16xf32>) -> tensor<2x64x16x16xf32>
  return %y : tensor<2x64x16x16xf32>
}
