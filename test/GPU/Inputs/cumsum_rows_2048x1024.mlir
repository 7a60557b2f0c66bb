// cumsum along the rows of a 2048x1024 f32 tensor (PyTorch's CUDA scan chunks these rows by 32), as the PyTorch frontend writes it: a reduction over the mask j <= k.
func.func @main(%x: tensor<2048x1024xf32>) -> tensor<2048x1024xf32> {
  %identity = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x1024xf32>
  %f = linalg.fill ins(%identity : f32) outs(%e : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2048x1024xf32>) outs(%f : tensor<2048x1024xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %j64 = arith.index_cast %j : index to i64
    %upto = arith.cmpi sge, %k64, %j64 : i64
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<2048x1024xf32>
  return %r : tensor<2048x1024xf32>
}
