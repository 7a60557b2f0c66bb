// Fused elementwise chain on 4096x8192 f32: gelu_tanh(x * y + z); mirrors torch.nn.functional.gelu(x * y + z, approximate="tanh") (aten.mul, aten.add, aten.gelu as three generics).
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4096x8192xf32>, %arg1: tensor<4096x8192xf32>, %arg2: tensor<4096x8192xf32>) -> tensor<4096x8192xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %0 = tensor.empty() : tensor<4096x8192xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4096x8192xf32>, tensor<4096x8192xf32>) outs(%0 : tensor<4096x8192xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %4 = arith.mulf %in, %in_3 : f32
      linalg.yield %4 : f32
    } -> tensor<4096x8192xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg2 : tensor<4096x8192xf32>, tensor<4096x8192xf32>) outs(%0 : tensor<4096x8192xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %4 = arith.mulf %in_3, %cst : f32
      %5 = arith.addf %in, %4 : f32
      linalg.yield %5 : f32
    } -> tensor<4096x8192xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4096x8192xf32>) outs(%0 : tensor<4096x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %in : f32
      %5 = arith.mulf %4, %in : f32
      %6 = arith.mulf %5, %cst_2 : f32
      %7 = arith.addf %in, %6 : f32
      %8 = arith.mulf %7, %cst_1 : f32
      %9 = math.tanh %8 : f32
      %10 = arith.addf %9, %cst : f32
      %11 = arith.mulf %in, %cst_0 : f32
      %12 = arith.mulf %11, %10 : f32
      linalg.yield %12 : f32
    } -> tensor<4096x8192xf32>
    return %3 : tensor<4096x8192xf32>
  }
}
