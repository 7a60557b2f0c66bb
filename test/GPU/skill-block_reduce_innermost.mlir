// REQUIRES: cuda-gpu
// block_reduce_innermost's kernels are correct: softmax's row maxima of a
// 128x32768 matrix (dispatch 1, 512 threads per row, 4 elements per thread
// per step) and the row sums of squares of a 256x16384 matrix (dispatch 3,
// 1024 threads, 2 elements) match the CPU reference on fresh random
// inputs. The kernels use shared memory, barriers and warp shuffles.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_block_reduce_innermost.json ptx-dir=%t.ptx" -o /dev/null
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: grep -q "bar.sync" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: grep -q "ld.shared" %t.ptx/main_kernel_2.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_block_reduce_innermost.json --seed=37 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 128xf32: match" %t.log
// RUN: grep -q "output #1 256xf32: match" %t.log
// Blocks of 512 and 1024 threads, one per row.
// RUN: grep -A1 '"block": \[' %t.json | grep -q 512
// RUN: grep -A1 '"block": \[' %t.json | grep -q 1024
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<128x32768xf32>, %y: tensor<256x16384xf32>) -> (tensor<128xf32>, tensor<256xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<128xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x32768xf32>) outs(%f1 : tensor<128xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<128xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<256x16384xf32>) outs(%f2 : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  return %max, %ss : tensor<128xf32>, tensor<256xf32>
}
