// REQUIRES: cuda-gpu
// reduce_columns_block_split on the GPU: the column sums of 16384 x 8192
// (32 columns a block, 16 threads a column of 1024 rows each, walked in
// f64; the 16 partials added in f64 and rounded once) equal to the sums
// accumulated in f64 and rounded (Inputs/column_sum_f64_16384x8192.mlir,
// on the GPU, same random inputs): within 1.6e-5, less than an ulp of the
// sums past 256; the same stretches added atomically in f32
// (reduce_columns_split_atomic) are an ulp off (6.1e-5) on some column;
// and a column max exact. (rtol 0: ks-run's tolerance floor, 16 eps of the
// largest value, would admit both.)
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_block_split", "params": {"BX": 32, "S": 16}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %s --plan=%t.plan.json --reference=gpu:%S/Inputs/column_sum_f64_16384x8192.mlir --atol=1.6e-5 --rtol=0 --seed=53 --trials=3 > %t.log
// RUN: grep -q "output #0 8192xf32: match" %t.log
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 1024, "U": 4}}]}' > %t.atomic.json
// RUN: not ks-run %s --plan=%t.atomic.json --reference=gpu:%S/Inputs/column_sum_f64_16384x8192.mlir --atol=1.6e-5 --rtol=0 --seed=53 --trials=3 > %t.atomic.log
// RUN: grep -q "output #0 8192xf32: MISMATCH" %t.atomic.log
// RUN: sed -e 's/arith.addf %a, %acc/arith.maximumf %a, %acc/' %s > %t.max.mlir
// RUN: ks-run %t.max.mlir --plan=%t.plan.json --seed=59 --trials=3 > %t.max.log
// RUN: grep -q "output #0 8192xf32: match, max abs err 0.00e+00" %t.max.log
func.func @main(%x: tensor<16384x8192xf32>) -> tensor<8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8192xf32>) -> tensor<8192xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16384x8192xf32>) outs(%f : tensor<8192xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8192xf32>
  return %s : tensor<8192xf32>
}
