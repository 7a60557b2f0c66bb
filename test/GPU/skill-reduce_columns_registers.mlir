// REQUIRES: cuda-gpu
// reduce_columns_registers' kernels are correct on the H100: the first stage
// of a split squared-error sum (65536 column sums over the 256 rows of two
// 256x65536 matrices, 128 columns per block, the walk unrolled by 8, the
// output operand 2) and column maxima of a 32x256 matrix (64 per block,
// unrolled by 4) match the CPU reference on fresh random inputs, with no
// local memory in the kernels.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 8, "OUT": 2}}, {"id": 3, "skill": "reduce_columns_registers", "params": {"BX": 64, "U": 4, "OUT": 1}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %s --plan=%t.plan.json --seed=53 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 65536xf32: match" %t.log
// RUN: grep -q "output #1 256xf32: match" %t.log
#cols = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<256x65536xf32>, %y: tensor<256x65536xf32>, %z: tensor<32x256xf32>) -> (tensor<65536xf32>, tensor<256xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<65536xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<65536xf32>) -> tensor<65536xf32>
  %sq = linalg.generic {indexing_maps = [#cols, #cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<256x65536xf32>, tensor<256x65536xf32>) outs(%f : tensor<65536xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    %r = arith.addf %s, %acc : f32
    linalg.yield %r : f32
  } -> tensor<65536xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %f2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %mx = linalg.generic {indexing_maps = [#cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%z : tensor<32x256xf32>) outs(%f2 : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  return %sq, %mx : tensor<65536xf32>, tensor<256xf32>
}
