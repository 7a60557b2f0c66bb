// C + A B^T with C an input: the GEMM's initial value is neither a fill nor
// a broadcast, so the kernel loads it.
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @main(%x: tensor<128x64xf32>, %w: tensor<256x64xf32>, %c: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<128x64xf32>, tensor<256x64xf32>) outs(%c : tensor<128x256xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<128x256xf32>
  return %y : tensor<128x256xf32>
}
