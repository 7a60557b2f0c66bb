// 2x2 average pooling with stride 2 of a 2x4x8x32 input, as Torch-MLIR
// writes it: the zero fill, the sum pooling (dispatches 0 and 1), then the
// division by the window's 4 elements, in place on the pooling's result
// (dispatch 2 once bufferized), for pool_window_registers' EPI.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%x: tensor<2x4x8x32xf32>) -> tensor<2x4x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %four = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<2x4x4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<2x4x8x32xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r : tensor<2x4x4x16xf32>) outs(%e : tensor<2x4x4x16xf32>) {
  ^bb0(%s: f32, %o: f32):
    %d = arith.divf %s, %four : f32
    linalg.yield %d : f32
  } -> tensor<2x4x4x16xf32>
  return %a : tensor<2x4x4x16xf32>
}
