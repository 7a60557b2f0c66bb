// REQUIRES: cuda-gpu
// matmul_split_k on a 256x256 matmul with K = 4096 accumulated onto a
// broadcast bias (dispatch 1; the broadcast is dispatch 0) matches the CPU
// reference on fresh random inputs: 64x64 tiles, K in 8 stretches of 512
// on the grid's z, the 8 blocks of each tile adding their sums to C with
// atomic adds on top of the bias. A lost update (two blocks' read-modify-
// writes racing) would show as a mismatch.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_split_k.json --seed=43 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 256x256xf32: match" %t.log
// 4x4 tiles x 8 stretches of K.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[4,4,8\]'
func.func @main(%a: tensor<256x4096xf32>, %b: tensor<4096x256xf32>, %bias: tensor<256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.broadcast ins(%bias : tensor<256xf32>) outs(%e : tensor<256x256xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<256x4096xf32>, tensor<4096x256xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
