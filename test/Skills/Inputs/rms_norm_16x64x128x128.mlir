// level1/35's RMS norm over channels at its size (x / sqrt(mean(x^2, dim=1)
// + eps) on [16, 64, 128, 128]): after the seed pipeline's collapses, the fill
// and the sum of squares over the middle loop of [16, 64, 16384]
// (dispatches 0, 1), then the normalization reading x again (2).
#x = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#s = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @main(%x: tensor<16x64x128x128xf32>) -> tensor<16x64x128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %c = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<16x1x128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1x128x128xf32>) -> tensor<16x1x128x128xf32>
  %ss = linalg.generic {indexing_maps = [#x, #s], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<16x64x128x128xf32>) outs(%f : tensor<16x1x128x128xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %sum = arith.addf %sq, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<16x1x128x128xf32>
  %o = tensor.empty() : tensor<16x64x128x128xf32>
  %y = linalg.generic {indexing_maps = [#x, #s, #x], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %ss : tensor<16x64x128x128xf32>, tensor<16x1x128x128xf32>) outs(%o : tensor<16x64x128x128xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %c : f32
    %m = arith.addf %mean, %eps : f32
    %r = math.sqrt %m : f32
    %v = arith.divf %a, %r : f32
    linalg.yield %v : f32
  } -> tensor<16x64x128x128xf32>
  return %y : tensor<16x64x128x128xf32>
}
