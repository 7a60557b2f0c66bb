// FP32 matrix-vector product 16384x16384 * 16384 (1 GiB matrix); mirrors torch.mv(a, x) (aten.mv: zero fill + linalg.matvec).
module {
  func.func @main(%arg0: tensor<16384x16384xf32>, %arg1: tensor<16384xf32>) -> tensor<16384xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<16384xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16384xf32>) -> tensor<16384xf32>
    %2 = linalg.matvec ins(%arg0, %arg1 : tensor<16384x16384xf32>, tensor<16384xf32>) outs(%1 : tensor<16384xf32>) -> tensor<16384xf32>
    return %2 : tensor<16384xf32>
  }
}
