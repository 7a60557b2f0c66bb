// A 64x2048 by 2048x64 matmul (fill + matmul: dispatches 0 and 1): a long K,
// where how each step's sum is rounded adds up.
func.func @main(%a: tensor<64x2048xf32>, %b: tensor<2048x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x2048xf32>, tensor<2048x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
