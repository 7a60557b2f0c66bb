// REQUIRES: cuda-gpu
// ks-finish-in-last-block on the H100: a mean squared error over 8 M
// elements (2048 x 4096) as the benchmark's loss plans split it: 2048
// partial sums of 4096 contiguous elements (ks-split-large-reductions'
// scalar-chunk), a block of 1024 threads a row with the partials' fill,
// then the fill, the sum of the partials and the division by one block of
// 1024, which runs in the last of the 2048 blocks: one kernel. Checked
// against the seed kernels of the same module on the GPU (the CPU
// reference sums 8 M squares in one f32 chain: 1% off), on fresh random
// inputs. With CUDA graphs the checked run is the second launch of the
// kernel: the count of blocks done went back to zero after the first.
// RUN: echo '{"finish_in_last_block": true, "dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 4, "V": 1}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 2, "V": 0}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --reference=gpu:%s --seed=17 --cuda-graphs --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 f32: match" %t.log
// One kernel per run.
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// Launched kernel by kernel (the checked run the first).
// RUN: ks-run %s --plan=%t.plan.json --reference=gpu:%s --seed=29 --trials=3 > %t.plain.log
// RUN: grep -q "output #0 f32: match" %t.plain.log
// A quarter million elements against the CPU reference: 4096 partial sums
// (32 blocks of 128), then the fill, their sum and the division by one
// block of 128 threads (fuse_rows_block) in the last of them.
// RUN: echo '{"finish_in_last_block": true, "dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 4, "OUT": 2}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 128, "E": 4, "V": 0}}]}' > %t.small.json
// RUN: ks-run %S/../Pipelines/Inputs/mse_loss.mlir --plan=%t.small.json --seed=31 --cuda-graphs --trials=5 --json=%t.small.run.json > %t.small.log
// RUN: grep -q "output #0 f32: match" %t.small.log
// RUN: grep -c '"grid": \[' %t.small.run.json | grep -qx 1
#map = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> ()>
#z = affine_map<() -> ()>
func.func @main(%x: tensor<2048x4096xf32>, %y: tensor<2048x4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 8388608.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#map, #map, #red], iterator_types = ["reduction", "reduction"]}
      ins(%x, %y : tensor<2048x4096xf32>, tensor<2048x4096xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %q, %acc : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#z, #z], iterator_types = []}
      ins(%s : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %count : f32
    linalg.yield %q : f32
  } -> tensor<f32>
  return %m : tensor<f32>
}
