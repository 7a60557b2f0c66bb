// nn.Linear(4096, 512) on 256 rows as Torch-MLIR writes it: the bias
// broadcast into the output, then x @ transpose(W) added to it.
func.func @main(%x: tensor<256x4096xf32>, %w: tensor<512x4096xf32>, %bias: tensor<512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<4096x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x4096xf32>) outs(%e : tensor<4096x512xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<256x512xf32>
  %b = linalg.broadcast ins(%bias : tensor<512xf32>) outs(%o : tensor<256x512xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<256x4096xf32>, tensor<4096x512xf32>) outs(%b : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %y : tensor<256x512xf32>
}
