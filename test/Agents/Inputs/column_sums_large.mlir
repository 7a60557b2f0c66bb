// The first stage of a split squared-error sum: 65536 partial sums, each over
// the 256 rows of a column of two 256x65536 matrices (dispatch 1, two inputs),
// and the column maxima of a 32x256 matrix (dispatch 3, one input).
#cols = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<256x65536xf32>, %y: tensor<256x65536xf32>, %z: tensor<32x256xf32>) -> (tensor<65536xf32>, tensor<256xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<65536xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<65536xf32>) -> tensor<65536xf32>
  %sq = linalg.generic {indexing_maps = [#cols, #cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<256x65536xf32>, tensor<256x65536xf32>) outs(%f : tensor<65536xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    %r = arith.addf %s, %acc : f32
    linalg.yield %r : f32
  } -> tensor<65536xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %f2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %mx = linalg.generic {indexing_maps = [#cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%z : tensor<32x256xf32>) outs(%f2 : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  return %sq, %mx : tensor<65536xf32>, tensor<256xf32>
}
