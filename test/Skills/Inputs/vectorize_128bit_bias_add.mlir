// Bias adds (the bias broadcast along the last dim) on 64x512 and 4x8x512
// f32 (dispatches 0 and 1), for the vectorize_128bit test.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%x: tensor<64x512xf32>, %b: tensor<512xf32>, %x3: tensor<4x8x512xf32>) -> (tensor<64x512xf32>, tensor<4x8x512xf32>) {
  %e = tensor.empty() : tensor<64x512xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<64x512xf32>, tensor<512xf32>) outs(%e : tensor<64x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<64x512xf32>
  %e3 = tensor.empty() : tensor<4x8x512xf32>
  %y3 = linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %b : tensor<4x8x512xf32>, tensor<512xf32>) outs(%e3 : tensor<4x8x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x8x512xf32>
  return %y, %y3 : tensor<64x512xf32>, tensor<4x8x512xf32>
}
