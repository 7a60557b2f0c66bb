// LayerNorm over the last dim of 4096x4096 f32 with weight and bias [4096], eps 1e-5; mirrors torch.nn.functional.layer_norm(x, [4096], w, b) (aten.native_layer_norm decomposed: mean, variance, rsqrt, scale + shift).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<4096x4096xf32>, %arg1: tensor<4096xf32>, %arg2: tensor<4096xf32>) -> tensor<4096x4096xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.096000e+03 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<4096x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4096x1xf32>) -> tensor<4096x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4096x4096xf32>) outs(%1 : tensor<4096x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<4096x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4096x1xf32>) outs(%0 : tensor<4096x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<4096x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0, %3 : tensor<4096x4096xf32>, tensor<4096x1xf32>) outs(%1 : tensor<4096x1xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.subf %in, %in_2 : f32
      %11 = arith.mulf %10, %10 : f32
      %12 = arith.addf %11, %out : f32
      linalg.yield %12 : f32
    } -> tensor<4096x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4096x1xf32>) outs(%0 : tensor<4096x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_0 : f32
      %11 = arith.addf %10, %cst_1 : f32
      %12 = math.rsqrt %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4096x1xf32>
    %6 = tensor.empty() : tensor<4096x4096xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3, %5, %arg1, %arg2 : tensor<4096x4096xf32>, tensor<4096x1xf32>, tensor<4096x1xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%6 : tensor<4096x4096xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
      %10 = arith.subf %in, %in_2 : f32
      %11 = arith.mulf %10, %in_3 : f32
      %12 = arith.mulf %11, %in_4 : f32
      %13 = arith.addf %12, %in_5 : f32
      linalg.yield %13 : f32
    } -> tensor<4096x4096xf32>
    return %7 : tensor<4096x4096xf32>
  }
}
