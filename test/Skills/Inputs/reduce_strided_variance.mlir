// Sums of squared deviations over the middle dimension of 4x64x256 in f64,
// from the columns' sums s: sum over j of (x[i, j, k] - s[i, k] / 64)^2, as
// Torch-MLIR writes group norm's variance (the mean's division fused into
// the reduction's body, so it reads s at every element).
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<4x64x256xf32>, %s: tensor<4x256xf64>) -> tensor<4x256xf64> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 64.0 : f64
  %e = tensor.empty() : tensor<4x256xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4x256xf64>) -> tensor<4x256xf64>
  %v = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %s : tensor<4x64x256xf32>, tensor<4x256xf64>) outs(%f : tensor<4x256xf64>) {
  ^bb0(%a: f32, %sum: f64, %acc: f64):
    %mean = arith.divf %sum, %n : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %mean : f64
    %sq = arith.mulf %d, %d : f64
    %r = arith.addf %sq, %acc : f64
    linalg.yield %r : f64
  } -> tensor<4x256xf64>
  return %v : tensor<4x256xf64>
}
