#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#gc = affine_map<(d0, d1, d2) -> (d1, d2)>
func.func @main(%x: tensor<4x256xf32>, %b: tensor<2x128xf32>) -> tensor<4x256xf32> {
  %xe = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 128] : tensor<4x256xf32> into tensor<4x2x128xf32>
  %init = tensor.empty() : tensor<4x2x128xf32>
  %r = linalg.generic {indexing_maps = [#id3, #gc, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%xe, %b : tensor<4x2x128xf32>, tensor<2x128xf32>) outs(%init : tensor<4x2x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.mulf %s, %s : f32
    linalg.yield %t : f32
  } -> tensor<4x2x128xf32>
  %y = tensor.collapse_shape %r [[0], [1, 2]] : tensor<4x2x128xf32> into tensor<4x256xf32>
  return %y : tensor<4x256xf32>
}
