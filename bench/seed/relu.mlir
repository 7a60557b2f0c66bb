// ReLU over 4096x16384 f32 (64M elements, 256 MiB in + 256 MiB out); mirrors torch.relu(x) (aten.relu: cmpf ugt + select).
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4096x16384xf32>) -> tensor<4096x16384xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4096x16384xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4096x16384xf32>) outs(%0 : tensor<4096x16384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.cmpf ugt, %in, %cst : f32
      %3 = arith.select %2, %in, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<4096x16384xf32>
    return %1 : tensor<4096x16384xf32>
  }
}
