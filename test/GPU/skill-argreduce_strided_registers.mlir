// REQUIRES: cuda-gpu
// argreduce_strided_registers' kernels are correct: argmax over the middle
// dimension of 16x256x256 (level1/46's shape; 128 outputs per block, walk
// unrolled by 8) and argmin over the middle dimension of 8x512x2048 (64
// outputs per block, unrolled by 16) match the CPU reference index for index
// on fresh random inputs, with no local memory in the kernels.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_argreduce_strided_registers.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_1.sm_90.ptx
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_4.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_argreduce_strided_registers.json --seed=47 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x256xi64: match" %t.log
// RUN: grep -q "output #1 8x2048xi64: match" %t.log
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<16x256x256xf32>, %y: tensor<8x512x2048xf32>) -> (tensor<16x256xi64>, tensor<8x2048xi64>) {
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ei1 = tensor.empty() : tensor<16x256xi64>
  %fi1 = linalg.fill ins(%zero : i64) outs(%ei1 : tensor<16x256xi64>) -> tensor<16x256xi64>
  %ev1 = tensor.empty() : tensor<16x256xf32>
  %fv1 = linalg.fill ins(%ninf : f32) outs(%ev1 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %a:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<16x256x256xf32>) outs(%fv1, %fi1 : tensor<16x256xf32>, tensor<16x256xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %v, %best : f32
    %gt = arith.cmpf ogt, %v, %best : f32
    %idx = arith.select %gt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<16x256xf32>, tensor<16x256xi64>)
  %ei2 = tensor.empty() : tensor<8x2048xi64>
  %fi2 = linalg.fill ins(%zero : i64) outs(%ei2 : tensor<8x2048xi64>) -> tensor<8x2048xi64>
  %ev2 = tensor.empty() : tensor<8x2048xf32>
  %fv2 = linalg.fill ins(%inf : f32) outs(%ev2 : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  %b:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%y : tensor<8x512x2048xf32>) outs(%fv2, %fi2 : tensor<8x2048xf32>, tensor<8x2048xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.minimumf %v, %best : f32
    %lt = arith.cmpf olt, %v, %best : f32
    %idx = arith.select %lt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<8x2048xf32>, tensor<8x2048xi64>)
  return %a#1, %b#1 : tensor<16x256xi64>, tensor<8x2048xi64>
}
