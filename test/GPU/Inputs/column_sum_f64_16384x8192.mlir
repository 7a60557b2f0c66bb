// The reference for skill-reduce_columns_block_split.mlir: the same column
// sums of 16384 x 8192 f32 values, accumulated in f64 and rounded once.
func.func @main(%x: tensor<16384x8192xf32>) -> tensor<8192xf32> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<8192xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<8192xf64>) -> tensor<8192xf64>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16384x8192xf32>) outs(%f : tensor<8192xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %r = arith.addf %w, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8192xf64>
  %e32 = tensor.empty() : tensor<8192xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%s : tensor<8192xf64>) outs(%e32 : tensor<8192xf32>) {
  ^bb0(%a: f64, %o: f32):
    %t = arith.truncf %a : f64 to f32
    linalg.yield %t : f32
  } -> tensor<8192xf32>
  return %n : tensor<8192xf32>
}
