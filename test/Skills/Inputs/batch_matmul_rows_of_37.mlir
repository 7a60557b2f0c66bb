// Attention-like batched matmul whose left operand has rows of 37 floats
// (not 16-byte aligned, as a ViT's 197 tokens): 2 x (37 x 37) by (37 x 16).
func.func @main(%p: tensor<2x37x37xf32>, %v: tensor<2x37x16xf32>) -> tensor<2x37x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x37x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x37x16xf32>) -> tensor<2x37x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x37x37xf32>, tensor<2x37x16xf32>) outs(%z : tensor<2x37x16xf32>) -> tensor<2x37x16xf32>
  return %o : tensor<2x37x16xf32>
}
