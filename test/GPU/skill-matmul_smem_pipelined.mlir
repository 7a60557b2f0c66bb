// REQUIRES: cuda-gpu
// matmul_smem_pipelined on a 1024^3 matmul (dispatch 1; the fill is
// dispatch 0) matches the CPU reference on fresh random inputs, with 64x64
// tiles, K steps of 16 and 4x4 outputs per thread, and with 128x128 tiles,
// K steps of 8 and 8x8 outputs per thread. The tiles are copied with
// cp.async into two buffers each, two K steps ahead of the compute: a wait
// that let the compute read a tile before its copy landed, or a copy that
// overwrote a buffer still being read, would show as a mismatch here (the
// CPU emulation runs copies synchronously and cannot catch either).
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_smem_pipelined.json --seed=51 --trials=5 --json=%t.64.json > %t.64.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.64.log
// 16x16 blocks of 16x16 threads, 2 x (64 + 64) x 16 floats of shared memory.
// RUN: grep -A1 '"grid": \[' %t.64.json | grep -qE '^ +16,$'
// RUN: grep -q '"shared_bytes": 16384' %t.64.json
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_smem_pipelined_128.json --seed=52 --trials=5 --json=%t.128.json > %t.128.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.128.log
// 8x8 blocks of 16x16 threads, 2 x (128 + 128) x 8 floats.
// RUN: grep -A1 '"grid": \[' %t.128.json | grep -qE '^ +8,$'
// RUN: grep -q '"shared_bytes": 16384' %t.128.json
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
