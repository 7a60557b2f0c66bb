// REQUIRES: cuda-gpu
// grid_reduce_then_map's kernel is correct on the GPU, against the CPU
// reference on fresh random inputs: a Frobenius norm of 16 x 64 x 128 x
// 128 (level1/37's size, this file) in one kernel of 128 blocks of 1024
// threads (one an SM, 8 vectors a thread in registers, 13 in shared
// memory, 11 read again), and with 4 blocks of 128 threads on 64 x 1024
// (Inputs/frobenius_norm.mlir). Launched again and again (trials), the
// grid barrier's counter needs no reset. A grid the GPU cannot hold at
// once (256 blocks, each with more than half an SM's shared memory) is
// refused by the runtime with the kernel named, not launched to hang.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 128, "T": 1024, "R": 8, "S": 13}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=67 --trials=20 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.log
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// Interleaved (L = 1) over all 132 SMs of an H100: 8192 runs of 2048
// elements, 62 steps every block takes and a 63rd for blocks 0 to 7.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 132, "T": 512, "R": 16, "S": 28, "L": 1}}]}' > %t.all.json
// RUN: ks-run %s --plan=%t.all.json --seed=79 --trials=20 > %t.all.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.all.log
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 4, "T": 128, "R": 2, "S": 3}}]}' > %t.small.json
// RUN: ks-run %S/../Skills/Inputs/frobenius_norm.mlir --plan=%t.small.json --seed=71 --trials=5 > %t.small.log
// RUN: grep -q "output #0 64x1024xf32: match" %t.small.log
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 256, "T": 1024, "R": 0, "S": 14}}]}' > %t.big.json
// RUN: not ks-run %s --plan=%t.big.json --seed=73 > %t.big.log 2>&1
// RUN: grep -q "kernel main_kernel synchronizes its grid: its 256 blocks must all run at once, and this GPU holds" %t.big.log
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#all = affine_map<(d0, d1, d2, d3) -> ()>
#scalar = affine_map<() -> ()>
func.func @main(%x: tensor<16x64x128x128xf32>) -> tensor<16x64x128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64x128x128xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %x : tensor<16x64x128x128xf32>, tensor<16x64x128x128xf32>) outs(%e : tensor<16x64x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<16x64x128x128xf32>
  %t0 = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%t0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%sq : tensor<16x64x128x128xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %norm = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%sum : tensor<f32>) outs(%t0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %y = linalg.generic {indexing_maps = [#id, #all, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %norm : tensor<16x64x128x128xf32>, tensor<f32>) outs(%e : tensor<16x64x128x128xf32>) {
  ^bb0(%a: f32, %n: f32, %o: f32):
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  } -> tensor<16x64x128x128xf32>
  return %y : tensor<16x64x128x128xf32>
}
