// cumsum along 20480 rows of 32768 f32 (the blind set's long-row scan size), as the PyTorch frontend writes it: a reduction over the mask j <= k.
func.func @main(%x: tensor<20480x32768xf32>) -> tensor<20480x32768xf32> {
  %identity = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20480x32768xf32>
  %f = linalg.fill ins(%identity : f32) outs(%e : tensor<20480x32768xf32>) -> tensor<20480x32768xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<20480x32768xf32>) outs(%f : tensor<20480x32768xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %j64 = arith.index_cast %j : index to i64
    %upto = arith.cmpi sge, %k64, %j64 : i64
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<20480x32768xf32>
  return %r : tensor<20480x32768xf32>
}
