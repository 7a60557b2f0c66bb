// Row sums of 46875 x 65536 = 3.07e9 elements: rows that start past 2^31.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<46875x65536xf32>) -> tensor<46875xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<46875xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<46875xf32>) -> tensor<46875xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<46875x65536xf32>) outs(%f : tensor<46875xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<46875xf32>
  return %r : tensor<46875xf32>
}
