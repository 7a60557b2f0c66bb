// nn.Linear(96, 128) on 256 rows, then ReLU, as Torch-MLIR writes it: W
// transposed (folded into the GEMM: both operands K-contiguous), a zero
// fill, the GEMM, the bias added per column and the ReLU (one elementwise
// op once ks-fuse-elementwise has run: the GEMM's epilogue).
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<256x96xf32>, %w: tensor<128x96xf32>, %bias: tensor<128xf32>) -> tensor<256x128xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<96x128xf32>
  %wt = linalg.transpose ins(%w : tensor<128x96xf32>) outs(%et : tensor<96x128xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<256x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x128xf32>) -> tensor<256x128xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<256x96xf32>, tensor<96x128xf32>) outs(%f : tensor<256x128xf32>) -> tensor<256x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x128xf32>, tensor<128xf32>) outs(%e : tensor<256x128xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}
