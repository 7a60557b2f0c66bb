// A 200x100 by 100x72 matmul (fill + matmul: dispatches 0 and 1): no GEMM
// tile divides M, N or K.
func.func @main(%a: tensor<200x100xf32>, %b: tensor<100x72xf32>) -> tensor<200x72xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<200x72xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<200x72xf32>) -> tensor<200x72xf32>
  %r = linalg.matmul ins(%a, %b : tensor<200x100xf32>, tensor<100x72xf32>) outs(%f : tensor<200x72xf32>) -> tensor<200x72xf32>
  return %r : tensor<200x72xf32>
}
