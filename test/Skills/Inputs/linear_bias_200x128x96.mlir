// nn.Linear(96, 128) on 200 rows (the last row of 128 x 128 tiles partial) as Torch-MLIR writes it: the bias
// broadcast into the output, then x @ transpose(W) added to it (both
// operands K-contiguous once the transpose is folded).
func.func @main(%x: tensor<200x96xf32>, %w: tensor<128x96xf32>, %bias: tensor<128xf32>) -> tensor<200x128xf32> {
  %et = tensor.empty() : tensor<96x128xf32>
  %wt = linalg.transpose ins(%w : tensor<128x96xf32>) outs(%et : tensor<96x128xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<200x128xf32>
  %b = linalg.broadcast ins(%bias : tensor<128xf32>) outs(%e : tensor<200x128xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<200x96xf32>, tensor<96x128xf32>) outs(%b : tensor<200x128xf32>) -> tensor<200x128xf32>
  return %y : tensor<200x128xf32>
}
