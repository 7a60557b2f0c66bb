// Two GEMMs in one function, the second a linalg.generic contraction (as
// Torch-MLIR emits a batched linear layer's): x @ w1 (dispatch 1, after its
// fill), then that @ w2 (dispatch 3).
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @main(%x: tensor<128x256xf32>, %w1: tensor<256x64xf32>, %w2: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<128x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%f1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %w2 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f2 : tensor<128x128xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}
