// REQUIRES: cuda-gpu
// matmul_bf16_wgmma_tma on a 512 x 384 bf16 GEMM with K = 1024 (16 K
// steps, 4 stages), accumulated onto a broadcast bias (dispatch 1; the
// broadcast is dispatch 0), matches the CPU reference on fresh random
// inputs: TMA loads through 128-byte swizzled slots, wgmma on their
// descriptors, the sums added to C. A slot read before its load landed, a
// wrong swizzle or descriptor, or a lost step would show as a mismatch; a
// hang as ks-run's time limit.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 4}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=81 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 512x384xf32: match" %t.log
// 4 x 3 tiles of 128 x 128.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[4,3,1\]'
func.func @main(%a: tensor<512x1024xbf16>, %b: tensor<1024x384xbf16>, %bias: tensor<384xf32>) -> tensor<512x384xf32> {
  %e = tensor.empty() : tensor<512x384xf32>
  %init = linalg.broadcast ins(%bias : tensor<384xf32>) outs(%e : tensor<512x384xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<512x1024xbf16>, tensor<1024x384xbf16>) outs(%init : tensor<512x384xf32>) -> tensor<512x384xf32>
  return %r : tensor<512x384xf32>
}
