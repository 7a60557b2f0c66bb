// A mean of squares as a split loss leaves it: 512 partial sums (a row of
// 64 each), then their sum to a scalar and its division by the count. The
// final sum becomes one row of 512 (ks-split-large-reductions gives it a
// unit parallel loop); the division is a 0-d op after it.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
#z = affine_map<() -> ()>
func.func @main(%x: tensor<512x64xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 32768.0 : f32
  %e1 = tensor.empty() : tensor<512xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<512xf32>) -> tensor<512xf32>
  %p = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<512x64xf32>) outs(%f1 : tensor<512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %q = arith.mulf %a, %a : f32
    %r = arith.addf %q, %acc : f32
    linalg.yield %r : f32
  } -> tensor<512xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %t = linalg.generic {indexing_maps = [#v, #s], iterator_types = ["reduction"]}
      ins(%p : tensor<512xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#z, #z], iterator_types = []}
      ins(%t : tensor<f32>) outs(%e0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %count : f32
    linalg.yield %q : f32
  } -> tensor<f32>
  return %m : tensor<f32>
}
