// A 100x1020 by 1020x36 matmul (fill + matmul: dispatches 0 and 1): a long
// K over few outputs, no tile dividing M, N or K.
func.func @main(%a: tensor<100x1020xf32>, %b: tensor<1020x36xf32>) -> tensor<100x36xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x36xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x36xf32>) -> tensor<100x36xf32>
  %r = linalg.matmul ins(%a, %b : tensor<100x1020xf32>, tensor<1020x36xf32>) outs(%f : tensor<100x36xf32>) -> tensor<100x36xf32>
  return %r : tensor<100x36xf32>
}
