// KernelBench's exclusive cumsum (level1/51) of 300 rows of 48, as Torch-MLIR
// imports it: the rows shifted right by one (tensor.concat of a zero column
// and the rows less their last element), then the triangular masked fold.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map6 = affine_map<(d0, d1, d2) -> ()>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<300x48xf32>) -> tensor<300x48xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<300x1xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [300, 47] [1, 1] : tensor<300x48xf32> to tensor<300x47xf32>
    %concat = tensor.concat dim(1) %cst_1, %extracted_slice : (tensor<300x1xf32>, tensor<300x47xf32>) -> tensor<300x48xf32>
    %0 = tensor.empty() : tensor<48xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<48xi64>) {
    ^bb0(%out: i64):
      %9 = linalg.index 0 : index
      %10 = arith.index_cast %9 : index to i64
      linalg.yield %10 : i64
    } -> tensor<48xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [48, 1] : tensor<48xi64> into tensor<48x1xi64>
    %expanded_2 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 48] : tensor<48xi64> into tensor<1x48xi64>
    %2 = tensor.empty() : tensor<48x48xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_2 : tensor<48x1xi64>, tensor<1x48xi64>) outs(%2 : tensor<48x48xi1>) {
    ^bb0(%in: i64, %in_4: i64, %out: i1):
      %9 = arith.cmpi sge, %in, %in_4 : i64
      linalg.yield %9 : i1
    } -> tensor<48x48xi1>
    %expanded_3 = tensor.expand_shape %concat [[0], [1, 2]] output_shape [300, 1, 48] : tensor<300x48xf32> into tensor<300x1x48xf32>
    %4 = tensor.empty() : tensor<300x48x48xf32>
    %5 = linalg.generic {indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %expanded_3, %cst_0 : tensor<48x48xi1>, tensor<300x1x48xf32>, tensor<f32>) outs(%4 : tensor<300x48x48xf32>) {
    ^bb0(%in: i1, %in_4: f32, %in_5: f32, %out: f32):
      %9 = arith.select %in, %in_4, %in_5 : f32
      linalg.yield %9 : f32
    } -> tensor<300x48x48xf32>
    %6 = tensor.empty() : tensor<300x48xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<300x48xf32>) -> tensor<300x48xf32>
    %8 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%5 : tensor<300x48x48xf32>) outs(%7 : tensor<300x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<300x48xf32>
    return %8 : tensor<300x48xf32>
  }
}

