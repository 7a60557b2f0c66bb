// FP32 batched matmul 32 x (512x512 * 512x512) (8.6 GFLOP); mirrors torch.bmm(a, b) (aten.bmm: zero fill + linalg.batch_matmul).
module {
  func.func @main(%arg0: tensor<32x512x512xf32>, %arg1: tensor<32x512x512xf32>) -> tensor<32x512x512xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32x512x512xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32x512x512xf32>) -> tensor<32x512x512xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<32x512x512xf32>, tensor<32x512x512xf32>) outs(%1 : tensor<32x512x512xf32>) -> tensor<32x512x512xf32>
    return %2 : tensor<32x512x512xf32>
  }
}
