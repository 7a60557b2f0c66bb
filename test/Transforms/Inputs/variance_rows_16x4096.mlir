#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<16x4096xf32>) -> tensor<16x4096xf32> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 4096.0 : f64
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<16xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<16xf64>) -> tensor<16xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x4096xf32>) outs(%z : tensor<16xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<16xf64>
  %z2 = linalg.fill ins(%zero : f64) outs(%e : tensor<16xf64>) -> tensor<16xf64>
  %dev = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<16x4096xf32>, tensor<16xf64>) outs(%z2 : tensor<16xf64>) {
  ^bb0(%a: f32, %s: f64, %acc: f64):
    %m = arith.divf %s, %n : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %m : f64
    %q = arith.mulf %d, %d : f64
    %r = arith.addf %q, %acc : f64
    linalg.yield %r : f64
  } -> tensor<16xf64>
  %out = tensor.empty() : tensor<16x4096xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %dev : tensor<16x4096xf32>, tensor<16xf64>, tensor<16xf64>) outs(%out : tensor<16x4096xf32>) {
  ^bb0(%a: f32, %s: f64, %v: f64, %o: f32):
    %m = arith.divf %s, %n : f64
    %var = arith.divf %v, %n : f64
    %ve = arith.addf %var, %eps : f64
    %r = math.rsqrt %ve : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %m : f64
    %t = arith.mulf %d, %r : f64
    %t32 = arith.truncf %t : f64 to f32
    linalg.yield %t32 : f32
  } -> tensor<16x4096xf32>
  return %y : tensor<16x4096xf32>
}
