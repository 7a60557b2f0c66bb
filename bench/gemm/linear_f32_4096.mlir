// C[4096, 4096] = A[4096, 4096] * W[4096, 4096]^T (a linear layer's x W^T: both operands
// K-contiguous once the transpose is folded), f32 (fill + matmul).
func.func @main(%a: tensor<4096x4096xf32>, %w: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<4096x4096xf32>
  %wt = linalg.transpose ins(%w : tensor<4096x4096xf32>) outs(%et : tensor<4096x4096xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %r = linalg.matmul ins(%a, %wt : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
