// A (1500000 x 2048 = 3.07e9 elements) @ B (2048 x 8): rows of A that
// start past 2^31 elements.
func.func @main(%a: tensor<1500000x2048xf32>, %b: tensor<2048x8xf32>) -> tensor<1500000x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1500000x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1500000x8xf32>) -> tensor<1500000x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1500000x2048xf32>, tensor<2048x8xf32>) outs(%f : tensor<1500000x8xf32>) -> tensor<1500000x8xf32>
  return %r : tensor<1500000x8xf32>
}
