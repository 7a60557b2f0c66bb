// ConvTranspose3d(3 -> 2, kernel 3, stride (1, 2, 2), padding 1, output
// padding (0, 1, 1)) on 1 x 3 x 4 x 3 x 3, onto an initializer read at every
// output position: the input padded by one along depth (stride 1) and
// spread with strides 2 at offset 1 along height and width (1 x 3 x 6 x 8 x
// 8). Output 4 x 6 x 6: four phases of 4 x 3 x 3, each with all three depth
// taps.
func.func @main(%w: tensor<2x3x3x3x3xf32>, %init: tensor<1x2x4x6x6xf32>, %x: tensor<1x3x4x3x3xf32>) -> tensor<1x2x4x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x6x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x6x8x8xf32>) -> tensor<1x3x6x8x8xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 1, 1, 1] [1, 3, 4, 3, 3] [1, 1, 1, 2, 2] : tensor<1x3x4x3x3xf32> into tensor<1x3x6x8x8xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>}
      ins(%spread, %w : tensor<1x3x6x8x8xf32>, tensor<2x3x3x3x3xf32>) outs(%init : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
  return %r : tensor<1x2x4x6x6xf32>
}
