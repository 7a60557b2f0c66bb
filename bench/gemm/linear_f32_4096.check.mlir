// C[512, 384] = A[512, 1024] * W[384, 1024]^T (a linear layer's x W^T: both operands
// K-contiguous once the transpose is folded), f32 (fill + matmul).
func.func @main(%a: tensor<512x1024xf32>, %w: tensor<384x1024xf32>) -> tensor<512x384xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<1024x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x1024xf32>) outs(%et : tensor<1024x384xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<512x384xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x384xf32>) -> tensor<512x384xf32>
  %r = linalg.matmul ins(%a, %wt : tensor<512x1024xf32>, tensor<1024x384xf32>) outs(%f : tensor<512x384xf32>) -> tensor<512x384xf32>
  return %r : tensor<512x384xf32>
}
