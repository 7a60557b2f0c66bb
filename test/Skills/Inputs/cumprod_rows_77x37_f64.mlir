// cumprod along the rows of a 77x37 f64 tensor (the mask written k >= j as j <= k, with sle): an odd length, the last block past the last row.
func.func @main(%x: tensor<77x37xf64>) -> tensor<77x37xf64> {
  %identity = arith.constant 1.0 : f64
  %e = tensor.empty() : tensor<77x37xf64>
  %f = linalg.fill ins(%identity : f64) outs(%e : tensor<77x37xf64>) -> tensor<77x37xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<77x37xf64>) outs(%f : tensor<77x37xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %j64 = arith.index_cast %j : index to i64
    %upto = arith.cmpi sle, %j64, %k64 : i64
    %s = arith.select %upto, %v, %identity : f64
    %a = arith.mulf %s, %acc : f64
    linalg.yield %a : f64
  } -> tensor<77x37xf64>
  return %r : tensor<77x37xf64>
}
