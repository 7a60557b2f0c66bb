// x @ w^T as a linear layer imports, with w^T also returned (so it is
// computed, not folded into the matmul's read of w): the transpose of w into
// a buffer of the host function (dispatch 0), the fill of the result
// (dispatch 1), the matmul reading the transposed buffer (dispatch 2).
func.func @main(%x: tensor<128x256xf32>, %w: tensor<64x256xf32>) -> (tensor<128x64xf32>, tensor<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x64xf32>
  %wt = linalg.transpose ins(%w : tensor<64x256xf32>) outs(%et : tensor<256x64xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<128x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<128x256xf32>, tensor<256x64xf32>) outs(%f : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %r, %wt : tensor<128x64xf32>, tensor<256x64xf32>
}
