// A gather-reduction: column c sums table[idx[r, c], c] over the 64 rows
// r of a 64x256 index matrix, from a 4096x256 table (4 MB) of which it
// reads 64 x 256 elements (64 KB).
#cols = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @main(%table: tensor<4096x256xf32>, %idx: tensor<64x256xi64>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {indexing_maps = [#cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%idx : tensor<64x256xi64>) outs(%f : tensor<256xf32>) {
  ^bb0(%i: i64, %acc: f32):
    %c = linalg.index 0 : index
    %r = arith.index_cast %i : i64 to index
    %v = tensor.extract %table[%r, %c] : tensor<4096x256xf32>
    %sum = arith.addf %v, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}
