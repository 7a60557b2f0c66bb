// A matrix-vector product, 64x512 @ 512x1 (torch.matmul(A, x) with x a column).
func.func @main(%a: tensor<64x512xf32>, %x: tensor<512x1xf32>) -> tensor<64x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x1xf32>) -> tensor<64x1xf32>
  %y = linalg.matmul ins(%a, %x : tensor<64x512xf32>, tensor<512x1xf32>) outs(%f : tensor<64x1xf32>) -> tensor<64x1xf32>
  return %y : tensor<64x1xf32>
}
