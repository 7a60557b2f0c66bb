// REQUIRES: cuda-gpu
// warp_reduce_innermost on argmax rows (level1/46's 16x256x256 along the
// last dimension, here 4096 rows of 256 flattened) and on argmin rows of
// quantized values (floor(4x) over 2048 rows of 4096: many ties, the first
// occurrence must win): the (value, position) pairs combined by shuffles
// match the CPU reference index for index on fresh random inputs.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_warp_argmax.json ptx-dir=%t.ptx" -o /dev/null
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_1.sm_90.ptx
// RUN: grep -q "shfl.sync.bfly.b32" %t.ptx/main_kernel_4.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_warp_argmax.json --seed=46 --trials=5 > %t.log
// RUN: grep -q "output #0 4096xi64: match" %t.log
// RUN: grep -q "output #1 2048xi64: match" %t.log
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<4096x256xf32>, %y: tensor<2048x4096xf32>) -> (tensor<4096xi64>, tensor<2048xi64>) {
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %four = arith.constant 4.0 : f32
  %ei1 = tensor.empty() : tensor<4096xi64>
  %fi1 = linalg.fill ins(%zero : i64) outs(%ei1 : tensor<4096xi64>) -> tensor<4096xi64>
  %ev1 = tensor.empty() : tensor<4096xf32>
  %fv1 = linalg.fill ins(%ninf : f32) outs(%ev1 : tensor<4096xf32>) -> tensor<4096xf32>
  %a:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x256xf32>) outs(%fv1, %fi1 : tensor<4096xf32>, tensor<4096xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %v, %best : f32
    %gt = arith.cmpf ogt, %v, %best : f32
    %idx = arith.select %gt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<4096xf32>, tensor<4096xi64>)
  %ei2 = tensor.empty() : tensor<2048xi64>
  %fi2 = linalg.fill ins(%zero : i64) outs(%ei2 : tensor<2048xi64>) -> tensor<2048xi64>
  %ev2 = tensor.empty() : tensor<2048xf32>
  %fv2 = linalg.fill ins(%inf : f32) outs(%ev2 : tensor<2048xf32>) -> tensor<2048xf32>
  %b:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<2048x4096xf32>) outs(%fv2, %fi2 : tensor<2048xf32>, tensor<2048xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %s = arith.mulf %v, %four : f32
    %q = math.floor %s : f32
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.minimumf %q, %best : f32
    %lt = arith.cmpf olt, %q, %best : f32
    %idx = arith.select %lt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<2048xf32>, tensor<2048xi64>)
  return %a#1, %b#1 : tensor<4096xi64>, tensor<2048xi64>
}
