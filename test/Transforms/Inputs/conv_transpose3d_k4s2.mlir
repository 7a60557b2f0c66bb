// ConvTranspose3d(3 -> 2, kernel 4, stride 2, padding 1) on 2 x 3 x 3 x 4 x 4
// as Torch-MLIR lowers it: the input spread with strides 2 at offset 2 into
// zeros (2 x 3 x 9 x 11 x 11), a unit-stride convolution onto the broadcast
// bias. Output 6 x 8 x 8: eight phases of 3 x 4 x 4, each with 2 x 2 x 2
// taps.
func.func @main(%w: tensor<2x3x4x4x4xf32>, %b: tensor<2xf32>, %x: tensor<2x3x3x4x4xf32>) -> tensor<2x2x6x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x9x11x11xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x9x11x11xf32>) -> tensor<2x3x9x11x11xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 2, 2, 2] [2, 3, 3, 4, 4] [1, 1, 2, 2, 2] : tensor<2x3x3x4x4xf32> into tensor<2x3x9x11x11xf32>
  %o = tensor.empty() : tensor<2x2x6x8x8xf32>
  %bias = linalg.broadcast ins(%b : tensor<2xf32>) outs(%o : tensor<2x2x6x8x8xf32>) dimensions = [0, 2, 3, 4]
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>}
      ins(%spread, %w : tensor<2x3x9x11x11xf32>, tensor<2x3x4x4x4xf32>) outs(%bias : tensor<2x2x6x8x8xf32>) -> tensor<2x2x6x8x8xf32>
  return %r : tensor<2x2x6x8x8xf32>
}
