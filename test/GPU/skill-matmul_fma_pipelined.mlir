// REQUIRES: cuda-gpu
// matmul_fma_pipelined on a 1024^3 matmul (dispatch 1; the fill is dispatch
// 0) matches the CPU reference on fresh random inputs, with 128x128 tiles
// of 4x2 warps of 32x64 (8x8 outputs per thread), K steps of 8, 4 stages.
// A wait that let a warp read a tile before its copy landed, or a copy that
// overwrote a buffer still being read, would show as a mismatch (the CPU
// emulation runs the copies synchronously).
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_fma_pipelined.json --seed=71 --trials=5 --json=%t.nn.json > %t.nn.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.nn.log
// 8x8 blocks of 256 threads; 4 x (128 x 12 + 8 x 136) floats.
// RUN: grep -A1 '"grid": \[' %t.nn.json | grep -qE '^ +8,$'
// RUN: grep -q '"shared_bytes": 41984' %t.nn.json
// nn.Linear (W's rows, K contiguous, as B's columns: each thread's columns
// a thread apart) on 1000 x 1020 x 996, which no tile divides: 64x128 tiles
// of 1x4 warps of 64x32, K steps of 16, 3 stages.
// RUN: ks-run %S/Inputs/linear_1000x1020x996.mlir --plan=%S/Inputs/plan_matmul_fma_pipelined_linear.json --seed=72 --trials=5 --json=%t.nt.json > %t.nt.log
// RUN: grep -q "output #0 1000x996xf32: match" %t.nt.log
// 8x16 blocks of 128 threads; 3 x (64 x 20 + 128 x 20) floats.
// RUN: grep -A1 '"grid": \[' %t.nt.json | grep -qE '^ +8,$'
// RUN: grep -q '"shared_bytes": 46080' %t.nt.json
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
