// 2-D transpose of 8192x8192 f32 (256 MiB in + 256 MiB out); mirrors x.t().contiguous() (aten.transpose.int / aten.permute as linalg.transpose).
module {
  func.func @main(%arg0: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    %0 = tensor.empty() : tensor<8192x8192xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<8192x8192xf32>) outs(%0 : tensor<8192x8192xf32>) permutation = [1, 0]
    return %transposed : tensor<8192x8192xf32>
  }
}
