// Row sums and row maxima of a 64x1024 f32 matrix: two reductions along the
// innermost, contiguous dimension (dispatches 1 and 3; 0 and 2 are fills).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @main(%a: tensor<64x1024xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<64x1024xf32>) outs(%f0 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<64x1024xf32>) outs(%f1 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %sum, %max : tensor<64xf32>, tensor<64xf32>
}
