// REQUIRES: cuda-gpu
// transpose_smem_tile on level2/01's weight transpose (4096 x 4096; dispatch
// 0) matches the CPU reference on fresh random inputs: 32 x 32 tiles through
// shared memory padded to 33 columns, 32 x 8 threads, 128 x 128 blocks.
// RUN: ks-run %s --plan=%S/Inputs/plan_transpose_smem_tile.json --seed=47 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4096x4096xf32: match" %t.log
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[128,128,1\]'
// RUN: grep -q '"shared_bytes": 4224' %t.json
func.func @main(%w: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %e = tensor.empty() : tensor<4096x4096xf32>
  %t = linalg.transpose ins(%w : tensor<4096x4096xf32>) outs(%e : tensor<4096x4096xf32>) permutation = [1, 0]
  return %t : tensor<4096x4096xf32>
}
