// Row sums of a slice: the slice cuts the rows, so 4096 and 2048 keep
// their sizes (the columns, 4096 too, with them); the shrunk program is
// small enough for the CPU check all the same.
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<2048xf32> {
  %zero = arith.constant 0.0 : f32
  %s = tensor.extract_slice %x[0, 0] [2048, 4096] [1, 1] : tensor<4096x4096xf32> to tensor<2048x4096xf32>
  %e = tensor.empty() : tensor<2048xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048xf32>) -> tensor<2048xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<2048x4096xf32>) outs(%f : tensor<2048xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}
