// A block scan's first step on 256 rows of 128 (64 chunks of 32): each
// chunk's inclusive prefix sums in f64, as a reduction masked by a
// comparison of positions (fill + reduction: dispatches 0 and 1), for
// reduce_short_rows_registers.
func.func @main(%x: tensor<256x128xf32>) -> tensor<256x4x32xf64> {
  %zero = arith.constant 0.0 : f64
  %chunks = tensor.expand_shape %x [[0], [1, 2]] output_shape [256, 4, 32] : tensor<256x128xf32> into tensor<256x4x32xf32>
  %e = tensor.empty() : tensor<256x4x32xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<256x4x32xf64>) -> tensor<256x4x32xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%chunks : tensor<256x4x32xf32>) outs(%f : tensor<256x4x32xf64>) {
  ^bb0(%v: f32, %acc: f64):
    %b = linalg.index 2 : index
    %k = linalg.index 3 : index
    %in = arith.cmpi sle, %k, %b : index
    %w = arith.extf %v : f32 to f64
    %s = arith.select %in, %w, %zero : f64
    %a = arith.addf %s, %acc : f64
    linalg.yield %a : f64
  } -> tensor<256x4x32xf64>
  return %r : tensor<256x4x32xf64>
}
