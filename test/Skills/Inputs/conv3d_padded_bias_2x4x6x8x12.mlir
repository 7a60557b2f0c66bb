// nn.Conv3d(4, 8, 3, padding=1) as Torch-MLIR lowers it: the input padded
// by one zero on each side of D, H and W (tensor.pad, dispatches 0 and 1
// once bufferized), the bias broadcast over the output (dispatch 2), the
// convolution onto it (dispatch 3). K = 4 x 27 = 108 and P = 6 x 8 x 12 =
// 576 leave partial GEMM tiles.
func.func @main(%w: tensor<8x4x3x3x3xf32>, %b: tensor<8xf32>, %x: tensor<2x4x6x8x12xf32>) -> tensor<2x8x6x8x12xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
  ^bb0(%i: index, %j: index, %d: index, %h: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x4x6x8x12xf32> to tensor<2x4x8x10x14xf32>
  %e = tensor.empty() : tensor<2x8x6x8x12xf32>
  %bias = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<2x8x6x8x12xf32>) dimensions = [0, 2, 3, 4]
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>}
      ins(%padded, %w : tensor<2x4x8x10x14xf32>, tensor<8x4x3x3x3xf32>) outs(%bias : tensor<2x8x6x8x12xf32>) -> tensor<2x8x6x8x12xf32>
  return %y : tensor<2x8x6x8x12xf32>
}
