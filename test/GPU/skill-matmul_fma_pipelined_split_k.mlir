// REQUIRES: cuda-gpu
// matmul_fma_pipelined_split_k (exact FMAs) on level3/01's last layer (128
// x 1000 outputs, K = 4096) accumulated onto a broadcast bias (dispatch 1;
// the broadcast is dispatch 0) matches the CPU reference on fresh random
// inputs: 64 x 64 tiles of 2 x 2 warps of 8 x 4 threads (16 x 2 tiles, the
// last column past N = 1000), K in 4 stretches of 1024 on the grid's z,
// each block adding its sums to C with atomic adds on top of the bias. A
// lost update, or a stretch summed twice or never, would show as a
// mismatch.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_fma_pipelined_split_k.json --seed=73 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 128x1000xf32: match" %t.log
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[16,2,4\]'
func.func @main(%a: tensor<128x4096xf32>, %b: tensor<4096x1000xf32>, %bias: tensor<1000xf32>) -> tensor<128x1000xf32> {
  %e = tensor.empty() : tensor<128x1000xf32>
  %init = linalg.broadcast ins(%bias : tensor<1000xf32>) outs(%e : tensor<128x1000xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<128x4096xf32>, tensor<4096x1000xf32>) outs(%init : tensor<128x1000xf32>) -> tensor<128x1000xf32>
  return %r : tensor<128x1000xf32>
}
