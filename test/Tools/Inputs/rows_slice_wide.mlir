// Row sums of half the rows of a 65536 x 65536 matrix: the slice cuts the
// rows, so 65536 and 32768 keep their sizes wherever they are, and the
// shrunk program still sums 2^31 elements: too much for the CPU check.
func.func @main(%x: tensor<65536x65536xf32>) -> tensor<32768xf32> {
  %zero = arith.constant 0.0 : f32
  %s = tensor.extract_slice %x[0, 0] [32768, 65536] [1, 1] : tensor<65536x65536xf32> to tensor<32768x65536xf32>
  %e = tensor.empty() : tensor<32768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<32768x65536xf32>) outs(%f : tensor<32768xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<32768xf32>
  return %r : tensor<32768xf32>
}
