// REQUIRES: cuda-gpu
// reduce_strided_split_atomic's kernel is correct: the keepdim sum over the
// middle dimension of 16x2048x1024 (level1/42's shape with half its rows;
// dispatch 1, 128 outputs per block, the walk in 16 stretches of 128 over
// the grid's z, each thread's partial sum added with one atomic add onto
// the zero fill) matches the CPU reference on fresh random inputs, with no
// local memory in the kernel. A lost update would show as a mismatch.
// RUN: rm -rf %t.ptx && ks-opt %s --ks-compile="chip=sm_90 plan=%S/Inputs/plan_reduce_strided_split_atomic.json ptx-dir=%t.ptx" -o /dev/null
// RUN: not grep -q "ld.local" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: grep -q "atom.global.add.f32" %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %s --plan=%S/Inputs/plan_reduce_strided_split_atomic.json --seed=47 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x1x1024xf32: match" %t.log
// 8 blocks of 128 outputs x 16 rows x 16 stretches.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[8,16,16\]'
func.func @main(%x: tensor<16x2048x1024xf32>) -> tensor<16x1x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x1x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1x1024xf32>) -> tensor<16x1x1024xf32>
  %x4 = tensor.expand_shape %x [[0], [1, 2], [3]] output_shape [16, 2048, 1, 1024] : tensor<16x2048x1024xf32> into tensor<16x2048x1x1024xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>],
                       iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x4 : tensor<16x2048x1x1024xf32>) outs(%f : tensor<16x1x1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<16x1x1024xf32>
  return %s : tensor<16x1x1024xf32>
}
