// max(x, 0) over 25e9 f32s: 100 GB in, 100 GB out.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<25000x1000000xf32>) -> tensor<25000x1000000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<25000x1000000xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<25000x1000000xf32>) outs(%e : tensor<25000x1000000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<25000x1000000xf32>
  return %r : tensor<25000x1000000xf32>
}
