// 2x2x2 average pooling with stride 2 of a 2x4x8x12x16 NCDHW input as
// Torch-MLIR imports avg_pool3d: a transpose to NDHWC, the zero fill,
// linalg.pooling_ndhwc_sum, a transpose back to NCDHW, the division by the
// window's 8 elements.
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @main(%x: tensor<2x4x8x12x16xf32>) -> tensor<2x4x4x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %eight = arith.constant 8.0 : f32
  %w = tensor.empty() : tensor<2x2x2xf32>
  %et = tensor.empty() : tensor<2x8x12x16x4xf32>
  %t = linalg.transpose ins(%x : tensor<2x4x8x12x16xf32>) outs(%et : tensor<2x8x12x16x4xf32>)
      permutation = [0, 2, 3, 4, 1]
  %e = tensor.empty() : tensor<2x4x6x8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x6x8x4xf32>) -> tensor<2x4x6x8x4xf32>
  %s = linalg.pooling_ndhwc_sum {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>}
      ins(%t, %w : tensor<2x8x12x16x4xf32>, tensor<2x2x2xf32>) outs(%f : tensor<2x4x6x8x4xf32>) -> tensor<2x4x6x8x4xf32>
  %eb = tensor.empty() : tensor<2x4x4x6x8xf32>
  %b = linalg.transpose ins(%s : tensor<2x4x6x8x4xf32>) outs(%eb : tensor<2x4x4x6x8xf32>)
      permutation = [0, 4, 1, 2, 3]
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%b : tensor<2x4x4x6x8xf32>) outs(%eb : tensor<2x4x4x6x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.divf %v, %eight : f32
    linalg.yield %d : f32
  } -> tensor<2x4x4x6x8xf32>
  return %a : tensor<2x4x4x6x8xf32>
}
