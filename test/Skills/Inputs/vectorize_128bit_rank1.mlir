// A stream of one loop: 8192 elements divided by a 0-d scalar (a norm's
// normalization over a flattened tensor, as level1/37 has it).
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
func.func @main(%x: tensor<8192xf32>, %n: tensor<f32>) -> tensor<8192xf32> {
  %e = tensor.empty() : tensor<8192xf32>
  %r = linalg.generic {indexing_maps = [#v, #s, #v], iterator_types = ["parallel"]}
      ins(%x, %n : tensor<8192xf32>, tensor<f32>) outs(%e : tensor<8192xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32
    linalg.yield %q : f32
  } -> tensor<8192xf32>
  return %r : tensor<8192xf32>
}
