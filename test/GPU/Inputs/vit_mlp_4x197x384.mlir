// A ViT-sized MLP block as Torch-MLIR writes it: x + fc2(gelu(fc1(x))) on
// (4, 197, 384), 788 tokens (6 full rows of 128 x 128 tiles and 20 rows).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<1536x384xf32>, %arg1: tensor<1536xf32>, %arg2: tensor<384x1536xf32>, %arg3: tensor<384xf32>, %arg4: tensor<4x197x384xf32>) -> tensor<4x197x384xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg4 [[0, 1], [2]] : tensor<4x197x384xf32> into tensor<788x384xf32>
    %0 = tensor.empty() : tensor<384x1536xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<1536x384xf32>) outs(%0 : tensor<384x1536xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<788x1536xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<788x1536xf32>) -> tensor<788x1536xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<788x384xf32>, tensor<384x1536xf32>) outs(%2 : tensor<788x1536xf32>) -> tensor<788x1536xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg1 : tensor<788x1536xf32>, tensor<1536xf32>) outs(%1 : tensor<788x1536xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %14 = arith.addf %in, %in_6 : f32
      linalg.yield %14 : f32
    } -> tensor<788x1536xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [4, 197, 1536] : tensor<788x1536xf32> into tensor<4x197x1536xf32>
    %5 = tensor.empty() : tensor<4x197x1536xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<4x197x1536xf32>) outs(%5 : tensor<4x197x1536xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.divf %in, %cst_2 : f32
      %15 = math.erf %14 : f32
      %16 = arith.addf %15, %cst_0 : f32
      %17 = arith.mulf %16, %cst_1 : f32
      %18 = arith.mulf %in, %17 : f32
      linalg.yield %18 : f32
    } -> tensor<4x197x1536xf32>
    %collapsed_3 = tensor.collapse_shape %6 [[0, 1], [2]] : tensor<4x197x1536xf32> into tensor<788x1536xf32>
    %7 = tensor.empty() : tensor<1536x384xf32>
    %transposed_4 = linalg.transpose ins(%arg2 : tensor<384x1536xf32>) outs(%7 : tensor<1536x384xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<788x384xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<788x384xf32>) -> tensor<788x384xf32>
    %10 = linalg.matmul ins(%collapsed_3, %transposed_4 : tensor<788x1536xf32>, tensor<1536x384xf32>) outs(%9 : tensor<788x384xf32>) -> tensor<788x384xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%10, %arg3 : tensor<788x384xf32>, tensor<384xf32>) outs(%8 : tensor<788x384xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %14 = arith.addf %in, %in_6 : f32
      linalg.yield %14 : f32
    } -> tensor<788x384xf32>
    %expanded_5 = tensor.expand_shape %11 [[0, 1], [2]] output_shape [4, 197, 384] : tensor<788x384xf32> into tensor<4x197x384xf32>
    %12 = tensor.empty() : tensor<4x197x384xf32>
    %13 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg4, %expanded_5 : tensor<4x197x384xf32>, tensor<4x197x384xf32>) outs(%12 : tensor<4x197x384xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %14 = arith.addf %in, %in_6 : f32
      linalg.yield %14 : f32
    } -> tensor<4x197x384xf32>
    return %13 : tensor<4x197x384xf32>
  }
}

