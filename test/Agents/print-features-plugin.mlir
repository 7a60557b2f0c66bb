// REQUIRES: plugin
// Upstream mlir-opt with KernelSkillPlugin.so has the Feature Extractor's
// pass too (named in --pass-pipeline: mlir-opt parses pass flags before it
// loads plugins).
// RUN: mlir-opt %s --load-pass-plugin=%ks_plugin --pass-pipeline="builtin.module(ks-print-features)" -o /dev/null | FileCheck %s

// CHECK:      "func": "scale",
// CHECK:      "op": "linalg.generic",
// CHECK-NEXT: "op_class": "elementwise",
func.func @scale(%x: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
