// REQUIRES: cuda-gpu
// batch_matmul_fma_pipelined on 16 products of 256x512 by the transpose of
// 256x512 (attention's scores, B read with K contiguous, a linalg.generic)
// matches the CPU reference on fresh random inputs, 64x128 tiles of 2x2
// warps of 32x64 (8x8 per thread), K steps of 16, 2 stages, the batch
// across the grid's z.
// RUN: ks-run %s --plan=%S/Inputs/plan_batch_matmul_fma_pipelined.json --seed=66 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x256x256xf32: match" %t.log
// 2x4x16 blocks of 128 threads; 2 x (64 x 20 + 128 x 20) floats.
// RUN: grep -A3 '"grid": \[' %t.json | grep -qE '^ +16$'
// RUN: grep -q '"shared_bytes": 30720' %t.json
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bt = affine_map<(b, m, n, k) -> (b, n, k)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @main(%a: tensor<16x256x512xf32>, %b: tensor<16x256x512xf32>) -> tensor<16x256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256x256xf32>) -> tensor<16x256x256xf32>
  %r = linalg.generic {indexing_maps = [#a, #bt, #c],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x256x512xf32>, tensor<16x256x512xf32>) outs(%f : tensor<16x256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x256x256xf32>
  return %r : tensor<16x256x256xf32>
}
