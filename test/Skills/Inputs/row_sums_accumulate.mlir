// Row sums of a 6x4096 matrix added to an input (copied into the output:
// dispatch 0), the reduction dispatch 1: no fill before it, no op after it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<6x4096xf32>, %acc: tensor<6xf32>) -> tensor<6xf32> {
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x4096xf32>) outs(%acc : tensor<6xf32>) {
  ^bb0(%a: f32, %r: f32):
    %t = arith.addf %a, %r : f32
    linalg.yield %t : f32
  } -> tensor<6xf32>
  return %s : tensor<6xf32>
}
