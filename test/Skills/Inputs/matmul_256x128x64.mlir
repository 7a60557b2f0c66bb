// A 256x128 by 128x64 matmul (fill + matmul: dispatches 0 and 1), for the skills tests.
func.func @main(%a: tensor<256x128xf32>, %b: tensor<128x64xf32>) -> tensor<256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x64xf32>) -> tensor<256x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x64xf32>) outs(%f : tensor<256x64xf32>) -> tensor<256x64xf32>
  return %r : tensor<256x64xf32>
}
