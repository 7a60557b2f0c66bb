// REQUIRES: cuda-gpu
// Skills applied by a plan produce correct kernels: the 512^3 matmul
// (dispatch 1; the fill is dispatch 0) tiled by block_thread_tile_2d and by
// matmul_register_tile matches the CPU reference on fresh random inputs.
// RUN: ks-run %s --plan=%S/Inputs/plan_block_thread_tile.json --seed=11 --trials=5 --json=%t.tile.json > %t.tile.log
// RUN: grep -q "output #0 512x512xf32: match" %t.tile.log
// RUN: grep -q '"plan": ".*plan_block_thread_tile.json"' %t.tile.json
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_register_tile.json --seed=12 --trials=5 --json=%t.reg.json > %t.reg.log
// RUN: grep -q "output #0 512x512xf32: match" %t.reg.log
// The tiled kernel runs 8x8 blocks of 16x16 threads.
// RUN: grep -A3 '"block": \[' %t.reg.json | grep -q 16
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
