// Row sums in f64 (Torch-MLIR computes a norm's variance so), 32x1024.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<32x1024xf64>) -> tensor<32xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<32xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<32xf64>) -> tensor<32xf64>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<32x1024xf64>) outs(%f : tensor<32xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %a, %acc : f64
    linalg.yield %r : f64
  } -> tensor<32xf64>
  return %s : tensor<32xf64>
}
