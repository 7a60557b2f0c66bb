// REQUIRES: cuda-gpu
// batch_matmul_smem_tile on a batch of 16 matmuls 256x512 @ 512x384
// (dispatch 1; the fill is dispatch 0) matches the CPU reference on fresh
// random inputs: 64x64 tiles, K steps of 16, 4x4 outputs per thread, one
// matrix per grid z.
// RUN: ks-run %s --plan=%S/Inputs/plan_batch_matmul_smem_tile.json --seed=47 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x256x384xf32: match" %t.log
// RUN: grep -q '"plan": ".*plan_batch_matmul_smem_tile.json"' %t.json
// 6 x 4 x 16 blocks of 16x16 threads, (64 + 64) x 16 floats of shared memory.
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '6,4,16'
// RUN: grep -q '"shared_bytes": 8192' %t.json
func.func @main(%a: tensor<16x256x512xf32>, %b: tensor<16x512x384xf32>) -> tensor<16x256x384xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256x384xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256x384xf32>) -> tensor<16x256x384xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<16x256x512xf32>, tensor<16x512x384xf32>) outs(%f : tensor<16x256x384xf32>) -> tensor<16x256x384xf32>
  return %c : tensor<16x256x384xf32>
}
