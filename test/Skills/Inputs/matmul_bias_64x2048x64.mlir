// A 64x2048 by 2048x64 matmul accumulated onto a broadcast bias (broadcast +
// matmul: dispatches 0 and 1): few outputs, a long K, for matmul_split_k.
func.func @main(%a: tensor<64x2048xf32>, %b: tensor<2048x64xf32>, %bias: tensor<64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %init = linalg.broadcast ins(%bias : tensor<64xf32>) outs(%e : tensor<64x64xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<64x2048xf32>, tensor<2048x64xf32>) outs(%init : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
