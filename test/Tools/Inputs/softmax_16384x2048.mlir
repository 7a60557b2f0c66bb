// Softmax over rows of 2048 (test/corpus/softmax.mlir at 16384 x 2048).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @main(%arg0: tensor<16384x2048xf32>) -> tensor<16384x2048xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<16384x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16384x2048xf32>) outs(%1 : tensor<16384x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.maximumf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<16384x1xf32>
    %3 = tensor.empty() : tensor<16384x2048xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<16384x2048xf32>, tensor<16384x1xf32>) outs(%3 : tensor<16384x2048xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.subf %in, %in_1 : f32
      %10 = math.exp %9 : f32
      linalg.yield %10 : f32
    } -> tensor<16384x2048xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<16384x2048xf32>) outs(%5 : tensor<16384x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<16384x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<16384x2048xf32>, tensor<16384x1xf32>) outs(%3 : tensor<16384x2048xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.divf %in, %in_1 : f32
      linalg.yield %9 : f32
    } -> tensor<16384x2048xf32>
    return %7 : tensor<16384x2048xf32>
  }
}
