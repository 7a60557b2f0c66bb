// ConvTranspose1d(4 -> 3, kernel 3, stride 2, padding 1, output padding 1)
// on 2 x 4 x 5 as Torch-MLIR lowers it: the input spread with stride 2 at
// offset 1 into zeros (2 x 4 x 12), a unit-stride convolution onto the
// broadcast bias. Output 10: two phases of 5.
func.func @main(%w: tensor<3x4x3xf32>, %b: tensor<3xf32>, %x: tensor<2x4x5xf32>) -> tensor<2x3x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x12xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x12xf32>) -> tensor<2x4x12xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 1] [2, 4, 5] [1, 1, 2] : tensor<2x4x5xf32> into tensor<2x4x12xf32>
  %o = tensor.empty() : tensor<2x3x10xf32>
  %bias = linalg.broadcast ins(%b : tensor<3xf32>) outs(%o : tensor<2x3x10xf32>) dimensions = [0, 2]
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>}
      ins(%spread, %w : tensor<2x4x12xf32>, tensor<3x4x3xf32>) outs(%bias : tensor<2x3x10xf32>) -> tensor<2x3x10xf32>
  return %r : tensor<2x3x10xf32>
}
