// REQUIRES: cuda-gpu
// reduce_strided_block_split's kernels are correct on the GPU: an argmin of
// x quantized to quarters over the middle dim of 16x1024x1024 (ties
// everywhere: the first index must win; 32 outputs a block, 8 threads
// each) and a max over the middle dim of 8x2048x512 (64 outputs a block,
// 16 threads each) match the CPU reference exactly on fresh random inputs,
// with no local memory in the kernels.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_block_split", "params": {"BX": 32, "S": 8}}, {"id": 4, "skill": "reduce_strided_block_split", "params": {"BX": 64, "S": 16}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_1.sm_90.ptx
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_3.sm_90.ptx
// RUN: ks-run %s --plan=%t.plan.json --seed=49 --trials=5 > %t.log
// RUN: grep -q "output #0 16x1024xi64: match, max abs err 0.00e+00" %t.log
// RUN: grep -q "output #1 8x512xf32: match, max abs err 0.00e+00" %t.log
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<16x1024x1024xf32>, %y: tensor<8x2048x512xf32>) -> (tensor<16x1024xi64>, tensor<8x512xf32>) {
  %zero = arith.constant 0 : i64
  %four = arith.constant 4.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<16x1024xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<16x1024xi64>) -> tensor<16x1024xi64>
  %ev = tensor.empty() : tensor<16x1024xf32>
  %fv = linalg.fill ins(%inf : f32) outs(%ev : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  %a:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<16x1024x1024xf32>) outs(%fv, %fi : tensor<16x1024xf32>, tensor<16x1024xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %s = arith.mulf %v, %four : f32
    %q = math.floor %s : f32
    %m = arith.minimumf %q, %best : f32
    %lt = arith.cmpf olt, %q, %best : f32
    %idx = arith.select %lt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<16x1024xf32>, tensor<16x1024xi64>)
  %em = tensor.empty() : tensor<8x512xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<8x512xf32>) -> tensor<8x512xf32>
  %mx = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%y : tensor<8x2048x512xf32>) outs(%fm : tensor<8x512xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x512xf32>
  return %a#1, %mx : tensor<16x1024xi64>, tensor<8x512xf32>
}
