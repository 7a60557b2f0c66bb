// C[8192, 8192] = A[8192, 8192] * B[8192, 8192], A and B bf16, C f32 (fill + matmul:
// dispatches 0 and 1).
func.func @main(%a: tensor<8192x8192xbf16>, %b: tensor<8192x8192xbf16>) -> tensor<8192x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192x8192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) outs(%f : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
