// nn.Linear(96, 80, bias=False) on 64 rows as Torch-MLIR writes it:
// x @ transpose(W). The transpose is folded into the GEMM's read of W
// (ks-fold-transpose-into-matmul): fill and contraction, dispatches 0, 1.
func.func @main(%x: tensor<64x96xf32>, %w: tensor<80x96xf32>) -> tensor<64x80xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x80xf32>
  %wt = linalg.transpose ins(%w : tensor<80x96xf32>) outs(%e : tensor<96x80xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<64x80xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<64x80xf32>) -> tensor<64x80xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<64x96xf32>, tensor<96x80xf32>) outs(%f : tensor<64x80xf32>) -> tensor<64x80xf32>
  return %y : tensor<64x80xf32>
}
