// KernelBench's reverse cumsum (level1/50) of 300 rows of 48, as Torch-MLIR
// imports it: a flip (a gather by index), the triangular masked fold of the
// flipped rows (tensor<300x48x48>), and a flip of the result.
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
  func.func @main(%arg0: tensor<300x48xf32>) -> tensor<300x48xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %c47 = arith.constant 47 : index
    %0 = tensor.empty() : tensor<300x48xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x48xf32>) -> tensor<300x48xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<300x48xf32>) outs(%1 : tensor<300x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = arith.subi %c47, %12 : index
      %extracted = tensor.extract %arg0[%11, %13] : tensor<300x48xf32>
      linalg.yield %extracted : f32
    } -> tensor<300x48xf32>
    %3 = tensor.empty() : tensor<48xi64>
    %4 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%3 : tensor<48xi64>) {
    ^bb0(%out: i64):
      %11 = linalg.index 0 : index
      %12 = arith.index_cast %11 : index to i64
      linalg.yield %12 : i64
    } -> tensor<48xi64>
    %expanded = tensor.expand_shape %4 [[0, 1]] output_shape [48, 1] : tensor<48xi64> into tensor<48x1xi64>
    %expanded_1 = tensor.expand_shape %4 [[0, 1]] output_shape [1, 48] : tensor<48xi64> into tensor<1x48xi64>
    %5 = tensor.empty() : tensor<48x48xi1>
    %6 = linalg.generic {indexing_maps = [#map2, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_1 : tensor<48x1xi64>, tensor<1x48xi64>) outs(%5 : tensor<48x48xi1>) {
    ^bb0(%in: i64, %in_3: i64, %out: i1):
      %11 = arith.cmpi sge, %in, %in_3 : i64
      linalg.yield %11 : i1
    } -> tensor<48x48xi1>
    %expanded_2 = tensor.expand_shape %2 [[0], [1, 2]] output_shape [300, 1, 48] : tensor<300x48xf32> into tensor<300x1x48xf32>
    %7 = tensor.empty() : tensor<300x48x48xf32>
    %8 = linalg.generic {indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_2, %cst_0 : tensor<48x48xi1>, tensor<300x1x48xf32>, tensor<f32>) outs(%7 : tensor<300x48x48xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %11 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<300x48x48xf32>
    %9 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<300x48x48xf32>) outs(%1 : tensor<300x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %out : f32
      linalg.yield %11 : f32
    } -> tensor<300x48xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<300x48xf32>) outs(%1 : tensor<300x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = arith.subi %c47, %12 : index
      %extracted = tensor.extract %9[%11, %13] : tensor<300x48xf32>
      linalg.yield %extracted : f32
    } -> tensor<300x48xf32>
    return %10 : tensor<300x48xf32>
  }
}

