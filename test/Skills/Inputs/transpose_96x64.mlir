// A 96x64 -> 64x96 transpose (dispatch 0), for transpose_smem_tile.
func.func @main(%x: tensor<96x64xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x96xf32>
  %t = linalg.transpose ins(%x : tensor<96x64xf32>) outs(%e : tensor<64x96xf32>) permutation = [1, 0]
  return %t : tensor<64x96xf32>
}
