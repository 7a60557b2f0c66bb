// A batched matmul with B read transposed (C[b, m, n] += A[b, m, k] *
// B[b, n, k], attention's scores), as a linalg.generic: 4 x 64x96 by 96x64.
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bt = affine_map<(b, m, n, k) -> (b, n, k)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @main(%a: tensor<4x64x96xf32>, %b: tensor<4x64x96xf32>) -> tensor<4x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %r = linalg.generic {indexing_maps = [#a, #bt, #c],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x64x96xf32>, tensor<4x64x96xf32>) outs(%f : tensor<4x64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x64x64xf32>
  return %r : tensor<4x64x64xf32>
}
