// nn.Conv2d(8, 16, 3, padding=1, groups=2) as Torch-MLIR lowers it: the
// input padded (tensor.pad), the bias broadcast over the output; input,
// filter and output expanded to 2 groups of 4 channels and 8 filters,
// linalg.conv_2d_ngchw_gfchw onto them, the groups collapsed back. Upstream's
// reshape propagation moves the expansions first: the broadcast (a generic
// then, dispatch 0) writes the expanded output, the padding is of the
// expanded input (fill and copy, dispatches 1 and 2), the convolution is
// dispatch 3. K = 4 x 9 = 36 and P = 10 x 12 = 120 leave partial GEMM tiles.
func.func @main(%w: tensor<16x4x3x3xf32>, %b: tensor<16xf32>, %x: tensor<2x8x10x12xf32>) -> tensor<2x16x10x12xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %h: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x8x10x12xf32> to tensor<2x8x12x14xf32>
  %e = tensor.empty() : tensor<2x16x10x12xf32>
  %bias = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<2x16x10x12xf32>) dimensions = [0, 2, 3]
  %xg = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 2, 4, 12, 14] : tensor<2x8x12x14xf32> into tensor<2x2x4x12x14xf32>
  %wg = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 8, 4, 3, 3] : tensor<16x4x3x3xf32> into tensor<2x8x4x3x3xf32>
  %bg = tensor.expand_shape %bias [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 10, 12] : tensor<2x16x10x12xf32> into tensor<2x2x8x10x12xf32>
  %yg = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%xg, %wg : tensor<2x2x4x12x14xf32>, tensor<2x8x4x3x3xf32>) outs(%bg : tensor<2x2x8x10x12xf32>) -> tensor<2x2x8x10x12xf32>
  %y = tensor.collapse_shape %yg [[0], [1, 2], [3], [4]] : tensor<2x2x8x10x12xf32> into tensor<2x16x10x12xf32>
  return %y : tensor<2x16x10x12xf32>
}
