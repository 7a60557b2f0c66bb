// Per row of a 16 x 1024 boolean mask, the count of true elements: a row
// reduction reading i1 (a byte per element in memory), for
// warp_reduce_innermost with E = 4.
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%mask: tensor<16x1024xi1>) -> tensor<16xi32> {
  %zero = arith.constant 0 : i32
  %c = tensor.empty() : tensor<16xi32>
  %f = linalg.fill ins(%zero : i32) outs(%c : tensor<16xi32>) -> tensor<16xi32>
  %n = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mask : tensor<16x1024xi1>) outs(%f : tensor<16xi32>) {
  ^bb0(%m: i1, %acc: i32):
    %one = arith.extui %m : i1 to i32
    %s = arith.addi %one, %acc : i32
    linalg.yield %s : i32
  } -> tensor<16xi32>
  return %n : tensor<16xi32>
}
