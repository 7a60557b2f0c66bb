// ks-tune refuses what it cannot tune, saying why, before any output.
// UNSUPPORTED: cuda-gpu, device-bundle
// RUN: not ks-tune %s --out=%t.out 2>&1 | FileCheck %s --check-prefix=NODRIVER
// NODRIVER: ks-tune: the seed kernels did not run: error: ks-run: no CUDA driver found
// RUN: not ks-tune %S/does-not-exist.mlir --out=%t.out2 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ks-tune: cannot parse {{.*}}does-not-exist.mlir
// RUN: not ks-tune %s --out=%t.out3 --ks-run=%t.nothing 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: ks-tune: ks-run not found at {{.*}}nothing (use --ks-run)
// RUN: not ks-tune %s --out=%t.out4 --skill-dirs=%S/../Skills/Inputs/skills-bad-default 2>&1 | FileCheck %s --check-prefix=SKILL
// SKILL: ks-tune: {{.*}}bad_default/skill.json: field 'defaults': 'B' = 64 is not among its allowed values
func.func @main(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
