// REQUIRES: cuda-gpu
// reduce_columns_split_atomic's kernel is correct: the sum of 4096 rows into
// 2048 columns (level2/08's summed weight with half its columns; 128
// columns per block, the rows in 32 stretches of 128 over the grid's y,
// each thread's partial sum added with one atomic add onto the zero fill)
// matches the CPU reference on fresh random inputs, with no local memory in
// the kernel. A lost update would show as a mismatch.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 128, "U": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: grep -q "atom.global.add.f32" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %s --plan=%t.plan.json --seed=53 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 2048xf32: match" %t.log
// 16 blocks of 128 columns x 32 stretches.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[16,32,1\]'
func.func @main(%x: tensor<4096x2048xf32>) -> tensor<2048xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048xf32>) -> tensor<2048xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x2048xf32>) outs(%f : tensor<2048xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2048xf32>
  return %s : tensor<2048xf32>
}
