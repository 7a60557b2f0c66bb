// RUN: ks-opt %s --ks-hoist-broadcast-terms --verify-each --split-input-file | FileCheck %s
// An instance norm's apply as Torch-MLIR writes it, at a small size,
// through the pipeline (the terms hoisted, the apply f32 only, vectorized),
// emulated on the CPU against the CPU reference.
// RUN: ks-opt %S/Inputs/instance_norm_apply_1x32x256.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: echo '{"dispatches": [{"id": 1, "skill": "vectorize_128bit", "params": {"R": 1, "TX": 64, "VEC": 4}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/instance_norm_apply_1x32x256.mlir --emulate-gpu --plan=%t.plan.json --seed=3 | FileCheck %s --check-prefix=EMULATED

// DISPATCH: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : memref<1x32x1xf32>, memref<1x32x1xf64>) outs(%{{.*}}, %{{.*}} : memref<1x32x1xf32>, memref<1x32x1xf32>) attrs = {ks.dispatch = 0 : i64}
// DISPATCH: math.rsqrt
// DISPATCH: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<1x32x256xf32>, memref<1x32x1xf32>, memref<1x32x1xf32>) outs(%{{.*}} : memref<1x32x256xf32>) attrs = {ks.dispatch = 1 : i64}
// DISPATCH-NOT: math.rsqrt
// DISPATCH-NOT: f64
// DISPATCH: return
// EMULATED: output #0 1x32x256xf32: match

// The row's f64 variance to 1/sqrt(var / n + eps) and its mean to the
// mean / n: once per row, in an op over the rows; the apply reads both.
// CHECK-LABEL: func.func @instance_norm_apply
// CHECK-SAME: (%[[X:.*]]: tensor<1x32x256xf32>, %[[S:.*]]: tensor<1x32x1xf32>, %[[V:.*]]: tensor<1x32x1xf64>)
// CHECK: %[[TERMS:.*]]:2 = linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]], %[[V]] : tensor<1x32x1xf32>, tensor<1x32x1xf64>)
// CHECK: math.rsqrt
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[TERMS]]#0, %[[TERMS]]#1 : tensor<1x32x256xf32>, tensor<1x32x1xf32>, tensor<1x32x1xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NOT: math.rsqrt
// CHECK-NOT: arith.divf
// CHECK: linalg.yield
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @instance_norm_apply(%x: tensor<1x32x256xf32>, %s: tensor<1x32x1xf32>, %v: tensor<1x32x1xf64>) -> tensor<1x32x256xf32> {
  %n = arith.constant 256.0 : f64
  %n32 = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<1x32x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s, %v : tensor<1x32x256xf32>, tensor<1x32x1xf32>, tensor<1x32x1xf64>) outs(%e : tensor<1x32x256xf32>) {
  ^bb0(%a: f32, %sum: f32, %var: f64, %o: f32):
    %va = math.absf %var : f64
    %q = arith.divf %va, %n : f64
    %q32 = arith.truncf %q : f64 to f32
    %e32 = arith.truncf %eps : f64 to f32
    %qe = arith.addf %q32, %e32 : f32
    %r = math.rsqrt %qe : f32
    %m = arith.divf %sum, %n32 : f32
    %d = arith.subf %a, %m : f32
    %t = arith.mulf %d, %r : f32
    linalg.yield %t : f32
  } -> tensor<1x32x256xf32>
  return %y : tensor<1x32x256xf32>
}

// -----

// A bias add: nothing but the add reads the bias; nothing is hoisted.
// CHECK-LABEL: func.func @bias_add
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_add(%x: tensor<64x256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
  %e = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<64x256xf32>, tensor<256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// f32 terms, even a division and a square root (a batch norm's
// w / sqrt(var + eps)), stay where they are: they hide under the op's
// memory time, and an op of their own would cost a launch.
// CHECK-LABEL: func.func @f32_terms
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f32_terms(%x: tensor<64x256xf32>, %w: tensor<256xf32>, %v: tensor<256xf32>) -> tensor<64x256xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %w, %v : tensor<64x256xf32>, tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%a: f32, %c: f32, %d: f32, %o: f32):
    %ve = arith.addf %d, %eps : f32
    %r = math.sqrt %ve : f32
    %p = arith.divf %c, %r : f32
    %s = arith.mulf %a, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
