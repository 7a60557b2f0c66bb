// torch.bmm(A, x) with A [4, 64, 256] and x [4, 256, 1], as Torch-MLIR
// writes it: a fill and a batch_matmul whose N is 1. The pipeline drops the
// unit loop (ks-drop-unit-dims-of-reductions): dispatch 1 has loops
// B = 4, M = 64, K = 256, the batch read by both inputs and the output.
func.func @main(%a: tensor<4x64x256xf32>, %x: tensor<4x256x1xf32>) -> tensor<4x64x1xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x64x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<4x64x1xf32>) -> tensor<4x64x1xf32>
  %y = linalg.batch_matmul ins(%a, %x : tensor<4x64x256xf32>, tensor<4x256x1xf32>) outs(%f : tensor<4x64x1xf32>) -> tensor<4x64x1xf32>
  return %y : tensor<4x64x1xf32>
}
