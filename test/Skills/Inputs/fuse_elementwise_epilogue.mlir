// A 256x128 by 128x64 matmul, plus a bias per column, then ReLU (fill,
// matmul, bias + relu: dispatches 0, 1 and 2), for the fusion skill's test.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<256x128xf32>, %b: tensor<128x64xf32>, %bias: tensor<64xf32>) -> tensor<256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x64xf32>) -> tensor<256x64xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x64xf32>) outs(%f : tensor<256x64xf32>) -> tensor<256x64xf32>
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x64xf32>, tensor<64xf32>) outs(%e : tensor<256x64xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<256x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<256x64xf32>) outs(%e : tensor<256x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<256x64xf32>
  return %r : tensor<256x64xf32>
}
