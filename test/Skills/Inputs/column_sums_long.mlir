// A matrix's 2048 rows summed into its 256 columns (dispatch 1; the fill of
// the sums is dispatch 0): 256 outputs, each a walk of 2048 elements 256
// apart.
func.func @main(%x: tensor<2048x256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2048x256xf32>) outs(%f : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}
