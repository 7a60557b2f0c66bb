// Few long rows: the row maxima of a 6x4096 matrix (dispatch 1) and the
// row sums of squares of a 3x8192 matrix (dispatch 3).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<6x4096xf32>, %y: tensor<3x8192xf32>) -> (tensor<6xf32>, tensor<3xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e6 = tensor.empty() : tensor<6xf32>
  %f6 = linalg.fill ins(%ninf : f32) outs(%e6 : tensor<6xf32>) -> tensor<6xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x4096xf32>) outs(%f6 : tensor<6xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<6xf32>
  %e3 = tensor.empty() : tensor<3xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<3x8192xf32>) outs(%f3 : tensor<3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  } -> tensor<3xf32>
  return %max, %ss : tensor<6xf32>, tensor<3xf32>
}
