// REQUIRES: cuda-gpu
// warp_reduce_innermost's kernels are correct: softmax's row maxima of a
// 4096x4096 matrix into 4096x1 (dispatch 1, 4 rows per block, 4 elements
// per lane per step), the row sums of the same matrix (dispatch 3, 8 rows,
// 8 elements) and the row sums of squares of a 2048x8192 matrix (dispatch
// 5, 16 rows, 2 elements) match the CPU reference on fresh random inputs.
// The kernels combine their lanes with warp shuffles.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_warp_reduce_innermost.json ptx-dir=%t.ptx" -o /dev/null
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_2.sm_90.ptx
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_4.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_warp_reduce_innermost.json --seed=31 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4096x1xf32: match" %t.log
// RUN: grep -q "output #1 4096xf32: match" %t.log
// RUN: grep -q "output #2 2048xf32: match" %t.log
// RUN: grep -q '"plan": ".*plan_warp_reduce_innermost.json"' %t.json
// Blocks of 128, 256 and 512 threads (32 per row).
// RUN: grep -A1 '"block": \[' %t.json | grep -q 128
// RUN: grep -A1 '"block": \[' %t.json | grep -q 256
// RUN: grep -A1 '"block": \[' %t.json | grep -q 512
#id = affine_map<(d0, d1) -> (d0, d1)>
#row1 = affine_map<(d0, d1) -> (d0, 0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<4096x4096xf32>, %y: tensor<2048x8192xf32>) -> (tensor<4096x1xf32>, tensor<4096xf32>, tensor<2048xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4096x1xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4096x1xf32>) -> tensor<4096x1xf32>
  %max = linalg.generic {indexing_maps = [#id, #row1], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x4096xf32>) outs(%f1 : tensor<4096x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<4096x1xf32>
  %e2 = tensor.empty() : tensor<4096xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x4096xf32>) outs(%f2 : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %e3 = tensor.empty() : tensor<2048xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2048xf32>) -> tensor<2048xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<2048x8192xf32>) outs(%f3 : tensor<2048xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<2048xf32>
  return %max, %sum, %sq : tensor<4096x1xf32>, tensor<4096xf32>, tensor<2048xf32>
}
