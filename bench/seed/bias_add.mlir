// Bias add with broadcast on 16x2048x2048 f32 plus a 2048 bias along the last dim (64M elements); mirrors x + b (aten.add.Tensor, b of shape [2048]).
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @main(%arg0: tensor<16x2048x2048xf32>, %arg1: tensor<2048xf32>) -> tensor<16x2048x2048xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<16x2048x2048xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<16x2048x2048xf32>, tensor<2048xf32>) outs(%0 : tensor<16x2048x2048xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.mulf %in_0, %cst : f32
      %3 = arith.addf %in, %2 : f32
      linalg.yield %3 : f32
    } -> tensor<16x2048x2048xf32>
    return %1 : tensor<16x2048x2048xf32>
  }
}
