// A batched transpose as Torch-MLIR writes a channels-last layout change: a
// unit dim, and two dims that move as one ([3, 24, 1, 8, 12] -> [3, 8, 12,
// 1, 24] is [3, 24, 96] -> [3, 96, 24] once ks-collapse-transpose-dims has
// merged them).
func.func @main(%x: tensor<3x24x1x8x12xf32>) -> tensor<3x8x12x1x24xf32> {
  %empty = tensor.empty() : tensor<3x8x12x1x24xf32>
  %t = linalg.transpose ins(%x : tensor<3x24x1x8x12xf32>) outs(%empty : tensor<3x8x12x1x24xf32>) permutation = [0, 3, 4, 2, 1]
  return %t : tensor<3x8x12x1x24xf32>
}
