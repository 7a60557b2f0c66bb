// nn.Linear(1020, 996, bias=False) on 1000 rows as Torch-MLIR writes it:
// x @ transpose(W), W's rows (K contiguous) read as B's columns once the
// transpose is folded; no tile of 64 or 128 divides M = 1000 or N = 996.
func.func @main(%x: tensor<1000x1020xf32>, %w: tensor<996x1020xf32>) -> tensor<1000x996xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1020x996xf32>
  %wt = linalg.transpose ins(%w : tensor<996x1020xf32>) outs(%e : tensor<1020x996xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<1000x996xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<1000x996xf32>) -> tensor<1000x996xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<1000x1020xf32>, tensor<1020x996xf32>) outs(%f : tensor<1000x996xf32>) -> tensor<1000x996xf32>
  return %y : tensor<1000x996xf32>
}
