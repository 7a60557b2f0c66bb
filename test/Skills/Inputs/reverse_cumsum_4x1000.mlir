// KernelBench's reverse cumsum (level1/50) of 4 rows of 1000, as Torch-MLIR
// imports it: a flip (a gather by index), the triangular masked fold of the
// flipped rows (tensor<4x1000x1000>), and a flip of the result.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map6 = affine_map<(d0, d1, d2) -> ()>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x1000xf32>) -> tensor<4x1000xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %c999 = arith.constant 999 : index
    %0 = tensor.empty() : tensor<4x1000xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x1000xf32>) -> tensor<4x1000xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x1000xf32>) outs(%1 : tensor<4x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = arith.subi %c999, %12 : index
      %extracted = tensor.extract %arg0[%11, %13] : tensor<4x1000xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x1000xf32>
    %3 = tensor.empty() : tensor<1000xi64>
    %4 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%3 : tensor<1000xi64>) {
    ^bb0(%out: i64):
      %11 = linalg.index 0 : index
      %12 = arith.index_cast %11 : index to i64
      linalg.yield %12 : i64
    } -> tensor<1000xi64>
    %expanded = tensor.expand_shape %4 [[0, 1]] output_shape [1000, 1] : tensor<1000xi64> into tensor<1000x1xi64>
    %expanded_1 = tensor.expand_shape %4 [[0, 1]] output_shape [1, 1000] : tensor<1000xi64> into tensor<1x1000xi64>
    %5 = tensor.empty() : tensor<1000x1000xi1>
    %6 = linalg.generic {indexing_maps = [#map2, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_1 : tensor<1000x1xi64>, tensor<1x1000xi64>) outs(%5 : tensor<1000x1000xi1>) {
    ^bb0(%in: i64, %in_3: i64, %out: i1):
      %11 = arith.cmpi sge, %in, %in_3 : i64
      linalg.yield %11 : i1
    } -> tensor<1000x1000xi1>
    %expanded_2 = tensor.expand_shape %2 [[0], [1, 2]] output_shape [4, 1, 1000] : tensor<4x1000xf32> into tensor<4x1x1000xf32>
    %7 = tensor.empty() : tensor<4x1000x1000xf32>
    %8 = linalg.generic {indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_2, %cst_0 : tensor<1000x1000xi1>, tensor<4x1x1000xf32>, tensor<f32>) outs(%7 : tensor<4x1000x1000xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %11 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<4x1000x1000xf32>
    %9 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<4x1000x1000xf32>) outs(%1 : tensor<4x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %out : f32
      linalg.yield %11 : f32
    } -> tensor<4x1000xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x1000xf32>) outs(%1 : tensor<4x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = arith.subi %c999, %12 : index
      %extracted = tensor.extract %9[%11, %13] : tensor<4x1000xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x1000xf32>
    return %10 : tensor<4x1000xf32>
  }
}

