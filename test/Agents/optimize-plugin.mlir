// REQUIRES: plugin, ptxas
// Upstream mlir-opt with KernelSkillPlugin.so runs --ks-optimize too.
// RUN: rm -rf %t
// RUN: mlir-opt %s --load-pass-plugin=%ks_plugin --pass-pipeline="builtin.module(ks-optimize{precision=tf32x3 measure=model rounds=1 quiet=1 out=%t skill-dirs=%ks_src/skills})" 2>/dev/null | FileCheck %s
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c8, %c8, %c1) threads in (%c128, %c1, %c1)
// CHECK: gpu.binary @main_kernel {ks.ptxas
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
