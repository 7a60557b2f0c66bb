// REQUIRES: cuda-gpu
// matmul_tf32x3_mma where no tile divides M, N or K (200 x 1000 outputs,
// K = 4100; 64 x 64 x 16 tiles): the copies past the edges read no bytes
// and zero-fill (cp.async with a source size of 0), the outputs past them
// are not stored. Matches the CPU reference (atol = rtol = 1e-4) on fresh
// random inputs; a copy that read past an edge, or a store past one, would
// show as a mismatch or a fault.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_tf32x3_mma_edges.json --seed=65 --trials=3 --json=%t.json > %t.log
// RUN: grep -q "output #0 200x1000xf32: match" %t.log
// 16 x 4 blocks (ceil(1000 / 64), ceil(200 / 64)).
// RUN: grep -A1 '"grid": \[' %t.json | grep -qE '^ +16,$'
func.func @main(%a: tensor<200x4100xf32>, %b: tensor<4100x1000xf32>) -> tensor<200x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<200x1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<200x1000xf32>) -> tensor<200x1000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<200x4100xf32>, tensor<4100x1000xf32>) outs(%f : tensor<200x1000xf32>) -> tensor<200x1000xf32>
  return %r : tensor<200x1000xf32>
}
