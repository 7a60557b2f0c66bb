// max(x, 0) over 46875 x 65536 = 3.07e9 elements (12.3 GB): offsets past
// 2^31 elements and 2^32 bytes.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<46875x65536xf32>) -> tensor<46875x65536xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<46875x65536xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<46875x65536xf32>) outs(%e : tensor<46875x65536xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<46875x65536xf32>
  return %r : tensor<46875x65536xf32>
}
