// REQUIRES: cuda-gpu
// reduce_strided_registers' kernels are correct: the sum over the middle
// dimension of 16x1024x1024 (dispatch 1, 128 outputs per block, walk
// unrolled by 8) and the max over the middle dimension of 8x512x2048
// (dispatch 3, 64 outputs per block, unrolled by 16) match the CPU
// reference on fresh random inputs, with no local memory in the kernels.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_reduce_strided_registers.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_2.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_reduce_strided_registers.json --seed=43 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x1024xf32: match" %t.log
// RUN: grep -q "output #1 8x2048xf32: match" %t.log
// RUN: grep -q '"plan": ".*plan_reduce_strided_registers.json"' %t.json
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<16x1024x1024xf32>, %y: tensor<8x512x2048xf32>) -> (tensor<16x1024xf32>, tensor<8x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<16x1024xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<16x1024x1024xf32>) outs(%f1 : tensor<16x1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<16x1024xf32>
  %e2 = tensor.empty() : tensor<8x2048xf32>
  %f2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  %m = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%y : tensor<8x512x2048xf32>) outs(%f2 : tensor<8x2048xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8x2048xf32>
  return %s, %m : tensor<16x1024xf32>, tensor<8x2048xf32>
}
