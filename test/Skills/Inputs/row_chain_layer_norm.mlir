// Layer norm over the last dimension of a 2x32x256 tensor, as Torch-MLIR
// writes it: the row sums (dispatch 1) and the sums of squared deviations
// (3) in f64 from an f32 -> f64 conversion recomputed in both (it is read
// in place: ks-fuse-elementwise does not make it a buffer), then the
// normalization with a weight and a bias over three loops, the first two
// the rows. A row chain over 64 rows of 256.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<2x32x256xf32>, %w: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<2x32x256xf32> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 256.0 : f64
  %eps = arith.constant 1.0e-5 : f64
  %ex = tensor.empty() : tensor<2x32x256xf64>
  %wide = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x32x256xf32>) outs(%ex : tensor<2x32x256xf64>) {
  ^bb0(%a: f32, %o: f64):
    %v = arith.extf %a : f32 to f64
    linalg.yield %v : f64
  } -> tensor<2x32x256xf64>
  %rows = tensor.collapse_shape %wide [[0, 1], [2]] : tensor<2x32x256xf64> into tensor<64x256xf64>
  %e = tensor.empty() : tensor<64xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<64xf64>) -> tensor<64xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%rows : tensor<64x256xf64>) outs(%f : tensor<64xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %a, %acc : f64
    linalg.yield %r : f64
  } -> tensor<64xf64>
  %var = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%rows, %sum : tensor<64x256xf64>, tensor<64xf64>) outs(%f : tensor<64xf64>) {
  ^bb0(%a: f64, %s: f64, %acc: f64):
    %mean = arith.divf %s, %n : f64
    %d = arith.subf %a, %mean : f64
    %sq = arith.mulf %d, %d : f64
    %r = arith.addf %sq, %acc : f64
    linalg.yield %r : f64
  } -> tensor<64xf64>
  %sum3 = tensor.expand_shape %sum [[0, 1, 2]] output_shape [2, 32, 1] : tensor<64xf64> into tensor<2x32x1xf64>
  %var3 = tensor.expand_shape %var [[0, 1, 2]] output_shape [2, 32, 1] : tensor<64xf64> into tensor<2x32x1xf64>
  %ey = tensor.empty() : tensor<2x32x256xf32>
  %y = linalg.generic {indexing_maps = [#id3, #rows3, #rows3, #col3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %sum3, %var3, %w, %b : tensor<2x32x256xf32>, tensor<2x32x1xf64>, tensor<2x32x1xf64>, tensor<256xf32>, tensor<256xf32>) outs(%ey : tensor<2x32x256xf32>) {
  ^bb0(%a: f32, %s: f64, %v: f64, %wi: f32, %bi: f32, %o: f32):
    %mean = arith.divf %s, %n : f64
    %var_n = arith.divf %v, %n : f64
    %ve = arith.addf %var_n, %eps : f64
    %rstd = math.rsqrt %ve : f64
    %a64 = arith.extf %a : f32 to f64
    %d = arith.subf %a64, %mean : f64
    %nrm = arith.mulf %d, %rstd : f64
    %nf = arith.truncf %nrm : f64 to f32
    %sc = arith.mulf %nf, %wi : f32
    %r = arith.addf %sc, %bi : f32
    linalg.yield %r : f32
  } -> tensor<2x32x256xf32>
  return %y : tensor<2x32x256xf32>
}
