// REQUIRES: cuda-gpu
// matmul_tf32x3_mma on a 1024^3 matmul (dispatch 1; the fill is dispatch
// 0) matches the CPU reference (atol = rtol = 1e-4, fp32's accuracy: one
// TF32 product per step would miss it by two orders of magnitude) on fresh
// random inputs, with 128x64 tiles of 2x2 warps, K steps of 16, 3 stages,
// and with 128x128 tiles of 2x4 warps, K steps of 16, 2 stages. A fragment
// read from the wrong lane, a wait that let a warp read a tile before its
// copy landed, or a copy that overwrote a buffer still being read would
// show as a mismatch (the CPU emulation runs the copies synchronously).
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_tf32x3_mma.json --seed=61 --trials=5 --json=%t.3.json > %t.3.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.3.log
// 16x8 blocks of 128 threads; 3 x (128 x 20 + 16 x 72) floats.
// RUN: grep -A1 '"grid": \[' %t.3.json | grep -qE '^ +16,$'
// RUN: grep -q '"shared_bytes": 44544' %t.3.json
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_tf32x3_mma_128.json --seed=62 --trials=5 --json=%t.2.json > %t.2.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.2.log
// 8x8 blocks of 256 threads; 2 x (128 x 20 + 16 x 136) floats.
// RUN: grep -A1 '"grid": \[' %t.2.json | grep -qE '^ +8,$'
// RUN: grep -q '"shared_bytes": 37888' %t.2.json
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
