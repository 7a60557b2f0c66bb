// REQUIRES: cuda-gpu
// vectorize_128bit's kernels are correct: a 8x1024x1024 bias add (dispatch
// 0, three loops, 128-bit accesses, 2 rows per thread) and tanh(x * s) on
// 2048x4096 with s broadcast along the rows (dispatch 1, 64-bit accesses, 4
// rows per thread) match the CPU reference on fresh random inputs; every
// output element is written (the outputs are poisoned with NaN first).
// RUN: ks-run %s --plan=%S/Inputs/plan_vectorize_128bit.json --seed=23 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x1024x1024xf32: match" %t.log
// RUN: grep -q "output #1 2048x4096xf32: match" %t.log
// RUN: grep -q '"plan": ".*plan_vectorize_128bit.json"' %t.json
// Blocks of 256 and of 128 threads.
// RUN: grep -A1 '"block": \[' %t.json | grep -q 256
// RUN: grep -A1 '"block": \[' %t.json | grep -q 128
// level1/34's group norm at its size (Inputs/group_norm_16x64x128x128.mlir):
// its apply (dispatch 8, after ks-extracts-to-operands a [1024, 16384]
// stream reading each (image, channel)'s scale and shift as operands)
// vectorized, its blocks in reverse, after the seed's statistics (eight
// kernels); against the CPU reference on fresh random inputs.
// RUN: echo '{"reverse_blocks": [8], "dispatches": [{"id": 8, "skill": "vectorize_128bit", "params": {"R": 1, "TX": 256, "VEC": 4}}]}' > %t.gn.json
// RUN: ks-run %S/Inputs/group_norm_16x64x128x128.mlir --plan=%t.gn.json --seed=31 --trials=3 --json=%t.gn.run.json > %t.gn.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.gn.log
// RUN: grep -c '"grid": \[' %t.gn.run.json | grep -qx 9
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<8x1024x1024xf32>, %b: tensor<1024xf32>, %m: tensor<2048x4096xf32>, %s: tensor<2048xf32>) -> (tensor<8x1024x1024xf32>, tensor<2048x4096xf32>) {
  %e = tensor.empty() : tensor<8x1024x1024xf32>
  %y = linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %b : tensor<8x1024x1024xf32>, tensor<1024xf32>) outs(%e : tensor<8x1024x1024xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %r = arith.addf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<8x1024x1024xf32>
  %e2 = tensor.empty() : tensor<2048x4096xf32>
  %t = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %s : tensor<2048x4096xf32>, tensor<2048xf32>) outs(%e2 : tensor<2048x4096xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    %r = math.tanh %p : f32
    linalg.yield %r : f32
  } -> tensor<2048x4096xf32>
  return %y, %t : tensor<8x1024x1024xf32>, tensor<2048x4096xf32>
}
