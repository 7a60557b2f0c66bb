// 2x2x2 average pooling with stride 2 of a channel-last 2x8x12x16x8 input
// (N, D, H, W, C; Torch-MLIR's avg_pool3d once its layout transposes are
// left out): the zero fill, linalg.pooling_ndhwc_sum (dispatches 0 and 1),
// then the division by the window's 8 elements, in place on the sums
// (dispatch 2 once bufferized), for pool3d_window_registers' EPI.
#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @main(%x: tensor<2x8x12x16x8xf32>) -> tensor<2x4x6x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %eight = arith.constant 8.0 : f32
  %e = tensor.empty() : tensor<2x4x6x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x6x8x8xf32>) -> tensor<2x4x6x8x8xf32>
  %w = tensor.empty() : tensor<2x2x2xf32>
  %r = linalg.pooling_ndhwc_sum {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>}
      ins(%x, %w : tensor<2x8x12x16x8xf32>, tensor<2x2x2xf32>) outs(%f : tensor<2x4x6x8x8xf32>) -> tensor<2x4x6x8x8xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r : tensor<2x4x6x8x8xf32>) outs(%e : tensor<2x4x6x8x8xf32>) {
  ^bb0(%s: f32, %o: f32):
    %d = arith.divf %s, %eight : f32
    linalg.yield %d : f32
  } -> tensor<2x4x6x8x8xf32>
  return %a : tensor<2x4x6x8x8xf32>
}
