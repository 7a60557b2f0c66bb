// An exclusive cumsum as PyTorch users write it, cat(zeros, cumsum(x[:, :-1])),
// as Torch-MLIR imports it: 2048 rows of 8192.
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
  func.func @main(%arg0: tensor<2048x8192xf32>) -> tensor<2048x8192xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<2048x1xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [2048, 8191] [1, 1] : tensor<2048x8192xf32> to tensor<2048x8191xf32>
    %0 = tensor.empty() : tensor<8191xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<8191xi64>) {
    ^bb0(%out: i64):
      %9 = linalg.index 0 : index
      %10 = arith.index_cast %9 : index to i64
      linalg.yield %10 : i64
    } -> tensor<8191xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [8191, 1] : tensor<8191xi64> into tensor<8191x1xi64>
    %expanded_2 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 8191] : tensor<8191xi64> into tensor<1x8191xi64>
    %2 = tensor.empty() : tensor<8191x8191xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_2 : tensor<8191x1xi64>, tensor<1x8191xi64>) outs(%2 : tensor<8191x8191xi1>) {
    ^bb0(%in: i64, %in_4: i64, %out: i1):
      %9 = arith.cmpi sge, %in, %in_4 : i64
      linalg.yield %9 : i1
    } -> tensor<8191x8191xi1>
    %expanded_3 = tensor.expand_shape %extracted_slice [[0], [1, 2]] output_shape [2048, 1, 8191] : tensor<2048x8191xf32> into tensor<2048x1x8191xf32>
    %4 = tensor.empty() : tensor<2048x8191x8191xf32>
    %5 = linalg.generic {indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %expanded_3, %cst_0 : tensor<8191x8191xi1>, tensor<2048x1x8191xf32>, tensor<f32>) outs(%4 : tensor<2048x8191x8191xf32>) {
    ^bb0(%in: i1, %in_4: f32, %in_5: f32, %out: f32):
      %9 = arith.select %in, %in_4, %in_5 : f32
      linalg.yield %9 : f32
    } -> tensor<2048x8191x8191xf32>
    %6 = tensor.empty() : tensor<2048x8191xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<2048x8191xf32>) -> tensor<2048x8191xf32>
    %8 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%5 : tensor<2048x8191x8191xf32>) outs(%7 : tensor<2048x8191xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<2048x8191xf32>
    %concat = tensor.concat dim(1) %cst_1, %8 : (tensor<2048x1xf32>, tensor<2048x8191xf32>) -> tensor<2048x8192xf32>
    return %concat : tensor<2048x8192xf32>
  }
}

