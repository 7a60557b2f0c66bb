// F.normalize(x, p=2, dim=1) over the channels of [2, 16, 8, 16] as
// Torch-MLIR writes it: the sum of |x|^2 over the channels, its square
// root clamped to eps, then the clamped norm collapsed to [2, 8, 16],
// broadcast to x's shape by a generic of its own, and x divided by it.
// Fused, the broadcast's collapse_shape leaves the divide a 5-d op
// [2, 1, 16, 8, 16] (a unit loop from the reshape); its unit loop dropped
// and its pixels merged, it is the [2, 16, 128] successor that
// reduce_strided_epilogue fuses with the [2, 128, 16] sum.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#keep = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#bcast = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
func.func @main(%x: tensor<2x16x8x16xf32>) -> tensor<2x16x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-12 : f64
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x1x8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x1x8x16xf32>) -> tensor<2x1x8x16xf32>
  %ss = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<2x16x8x16xf32>) outs(%f : tensor<2x1x8x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %abs = math.absf %a : f32
    %sq = math.powf %abs, %two : f32
    %sum = arith.addf %sq, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<2x1x8x16xf32>
  %norm = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ss : tensor<2x1x8x16xf32>) outs(%e : tensor<2x1x8x16xf32>) {
  ^bb0(%s: f32, %o: f32):
    %r = math.powf %s, %half : f32
    linalg.yield %r : f32
  } -> tensor<2x1x8x16xf32>
  %clamped = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%norm : tensor<2x1x8x16xf32>) outs(%e : tensor<2x1x8x16xf32>) {
  ^bb0(%n: f32, %o: f32):
    %eps32 = arith.truncf %eps : f64 to f32
    %lt = arith.cmpf ult, %n, %eps32 : f32
    %m = arith.select %lt, %eps32, %n : f32
    linalg.yield %m : f32
  } -> tensor<2x1x8x16xf32>
  %out = tensor.empty() : tensor<2x16x8x16xf32>
  %flat = tensor.collapse_shape %clamped [[0, 1], [2], [3]] : tensor<2x1x8x16xf32> into tensor<2x8x16xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%flat : tensor<2x8x16xf32>) outs(%out : tensor<2x16x8x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<2x16x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %b : tensor<2x16x8x16xf32>, tensor<2x16x8x16xf32>) outs(%out : tensor<2x16x8x16xf32>) {
  ^bb0(%a: f32, %n: f32, %o: f32):
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  } -> tensor<2x16x8x16xf32>
  return %y : tensor<2x16x8x16xf32>
}
