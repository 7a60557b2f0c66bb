// C[512, 512] = A[512, 1024] * B[1024, 512], A and B bf16, C f32 (fill + matmul:
// dispatches 0 and 1).
func.func @main(%a: tensor<512x1024xbf16>, %b: tensor<1024x512xbf16>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x1024xbf16>, tensor<1024x512xbf16>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
