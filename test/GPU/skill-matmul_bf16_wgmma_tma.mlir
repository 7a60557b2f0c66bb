// REQUIRES: cuda-gpu
// matmul_bf16_wgmma_tma on a 512 x 512 bf16 GEMM with K = 1024 (16 K
// steps), accumulated onto a broadcast bias (dispatch 1; the broadcast is
// dispatch 0), matches the CPU reference on fresh random inputs, with one
// warpgroup per 128 x 128 tile (4 slots) and with two per 128 x 256 tile (3
// slots, each warpgroup 64 rows): TMA loads through 128-byte swizzled
// slots, wgmma on their descriptors, the sums added to C. A slot read
// before its load landed, a wrong swizzle, descriptor or box coordinate, a
// warpgroup's sums stored over another's, or a lost step would show as a
// mismatch; a hang as ks-run's time limit.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 4, "WG": 1}}]}' > %t.wg1.json
// RUN: ks-run %s --plan=%t.wg1.json --seed=81 --trials=5 --json=%t.wg1.out.json > %t.wg1.log
// RUN: grep -q "output #0 512x512xf32: match" %t.wg1.log
// 4 x 4 tiles of 128 x 128, one block of 128 threads each, on a
// one-dimensional grid.
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit([16, 1, 1, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.wg1.out.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 3, "WG": 2}}]}' > %t.wg2.json
// RUN: ks-run %s --plan=%t.wg2.json --seed=82 --trials=5 --json=%t.wg2.out.json > %t.wg2.log
// RUN: grep -q "output #0 512x512xf32: match" %t.wg2.log
// 4 x 2 tiles of 128 x 256, one block of 128 x 2 threads each.
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit([8, 1, 1, 128, 2, 1] not in [k['grid'] + k['block'] for k in ks])" %t.wg2.out.json
func.func @main(%a: tensor<512x1024xbf16>, %b: tensor<1024x512xbf16>, %bias: tensor<512xf32>) -> tensor<512x512xf32> {
  %e = tensor.empty() : tensor<512x512xf32>
  %init = linalg.broadcast ins(%bias : tensor<512xf32>) outs(%e : tensor<512x512xf32>) dimensions = [0]
  %r = linalg.matmul ins(%a, %b : tensor<512x1024xbf16>, tensor<1024x512xbf16>) outs(%init : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
