#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @main(%x: tensor<1x32x256xf32>, %s: tensor<1x32x1xf32>, %v: tensor<1x32x1xf64>) -> tensor<1x32x256xf32> {
  %n = arith.constant 256.0 : f64
  %n32 = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<1x32x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s, %v : tensor<1x32x256xf32>, tensor<1x32x1xf32>, tensor<1x32x1xf64>) outs(%e : tensor<1x32x256xf32>) {
  ^bb0(%a: f32, %sum: f32, %var: f64, %o: f32):
    %va = math.absf %var : f64
    %q = arith.divf %va, %n : f64
    %q32 = arith.truncf %q : f64 to f32
    %e32 = arith.truncf %eps : f64 to f32
    %qe = arith.addf %q32, %e32 : f32
    %r = math.rsqrt %qe : f32
    %m = arith.divf %sum, %n32 : f32
    %d = arith.subf %a, %m : f32
    %t = arith.mulf %d, %r : f32
    linalg.yield %t : f32
  } -> tensor<1x32x256xf32>
  return %y : tensor<1x32x256xf32>
}
