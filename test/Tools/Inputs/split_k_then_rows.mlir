func.func @main(%a: tensor<128x4096xf32>, %b: tensor<4096x4096xf32>, %x: tensor<4096x2048xf32>) -> (tensor<128x4096xf32>, tensor<4096xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x4096xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<128x4096xf32>) -> tensor<128x4096xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x4096xf32>, tensor<4096x4096xf32>) outs(%f0 : tensor<128x4096xf32>) -> tensor<128x4096xf32>
  %e = tensor.empty() : tensor<4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4096x2048xf32>) outs(%f : tensor<4096xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %c, %r : tensor<128x4096xf32>, tensor<4096xf32>
}
