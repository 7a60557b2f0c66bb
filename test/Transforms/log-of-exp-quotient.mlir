// RUN: ks-opt %s --ks-log-of-exp-quotient | FileCheck %s
// Numerics, on the CPU emulation against the unrewritten CPU reference:
// log(softmax(200 x)) (small probabilities underflow: subnormal, then 0 and
// -inf) and log(exp(100 x) / 3) (exp overflows: +inf), fresh random inputs.
// RUN: ks-run %S/Inputs/log_softmax_extremes.mlir --emulate-gpu --seed=7 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-opt %S/Inputs/log_softmax_extremes.mlir --ks-seed-lowering | FileCheck %s --check-prefix=LOWERED

// log(exp(a) / b) is a - log(b) where exp(a) and the quotient are normal
// floats; elsewhere the original, kept and marked, in a branch.
// CHECK-LABEL: func.func @log_of_softmax
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-DAG: %[[MIN:.*]] = arith.constant -87.3365{{[0-9]*}} : f32
// CHECK-DAG: %[[MAX:.*]] = arith.constant 88.7228{{[0-9]*}} : f32
// CHECK: %[[LOGB:.*]] = math.log %[[B]] : f32
// CHECK: %[[D:.*]] = arith.subf %[[A]], %[[LOGB]] : f32
// CHECK-DAG: arith.cmpf olt, %[[A]], %[[MIN]] : f32
// CHECK-DAG: arith.cmpf ogt, %[[A]], %[[MAX]] : f32
// CHECK-DAG: arith.cmpf olt, %[[D]], %[[MIN]] : f32
// CHECK-DAG: arith.cmpf ogt, %[[D]], %[[MAX]] : f32
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: %[[E:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[E]], %[[B]] : f32
// CHECK-NEXT: %[[L:.*]] = math.log %[[Q]] {ks.log_of_exp_quotient} : f32
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[D]] : f32
// CHECK: return %[[R]] : f32
func.func @log_of_softmax(%a: f32, %b: f32) -> f32 {
  %e = math.exp %a : f32
  %q = arith.divf %e, %b : f32
  %l = math.log %q : f32
  return %l : f32
}

// f64 uses f64's limits.
// CHECK-LABEL: func.func @f64
// CHECK-DAG: arith.constant -708.39{{[0-9]*}} : f64
// CHECK-DAG: arith.constant 709.78{{[0-9]*}} : f64
// CHECK: scf.if
func.func @f64(%a: f64, %b: f64) -> f64 {
  %e = math.exp %a : f64
  %q = arith.divf %e, %b : f64
  %l = math.log %q : f64
  return %l : f64
}

// Not the pattern: the numerator is not an exponential, or the log's
// operand is not a quotient; the quotient's other uses keep it.
// CHECK-LABEL: func.func @others
// CHECK-NOT: scf.if
// CHECK: math.log %{{.*}} : f32
// CHECK: math.log %{{.*}} : f32
// CHECK-NOT: scf.if
func.func @others(%a: f32, %b: f32) -> (f32, f32) {
  %q = arith.divf %a, %b : f32
  %l = math.log %q : f32
  %e = math.exp %a : f32
  %m = math.log %e : f32
  return %l, %m : f32, f32
}

// EMULATED: output #0 16x64xf32: match
// EMULATED: output #1 16x64xf32: match

// In the pipeline (after fusion, the softmax's division and the log in one
// op): both logs rewritten.
// LOWERED-COUNT-2: ks.log_of_exp_quotient

// In a linalg.generic whose b is a row's statistic (read at the row alone),
// the test for the original's branch is one interval for a: both a and
// a - log(b) normal is a in [max(min, min + log b), min(max, max + log b)],
// narrowed by 1e-3 so that an element at the edge takes the original. The
// bounds depend on the row alone (computed once per row once the op is a
// row's loop); a gets two comparisons instead of four.
// CHECK-LABEL: func.func @row_statistic
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[LOGB:.*]] = math.log %[[B]] : f32
// CHECK: %[[D:.*]] = arith.subf %[[A]], %[[LOGB]] : f32
// CHECK: %[[LO0:.*]] = arith.addf %[[LOGB]], %[[MIN:.*]] : f32
// CHECK: %[[LO1:.*]] = arith.maximumf %[[LO0]], %[[MIN]] : f32
// CHECK: %[[LO:.*]] = arith.addf %[[LO1]], %[[MARGIN:.*]] : f32
// CHECK: %[[HI0:.*]] = arith.addf %[[LOGB]], %[[MAX:.*]] : f32
// CHECK: %[[HI1:.*]] = arith.minimumf %[[HI0]], %[[MAX]] : f32
// CHECK: %[[HI:.*]] = arith.subf %[[HI1]], %[[MARGIN]] : f32
// CHECK-DAG: arith.cmpf ogt, %[[A]], %[[HI]] : f32
// CHECK-DAG: arith.cmpf olt, %[[A]], %[[LO]] : f32
// CHECK-NOT: arith.cmpf
// CHECK: scf.if
// CHECK: scf.yield %[[D]] : f32
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row_stat = affine_map<(d0, d1) -> (d0)>
func.func @row_statistic(%a: tensor<4x64xf32>, %b: tensor<4xf32>) -> tensor<4x64xf32> {
  %init = tensor.empty() : tensor<4x64xf32>
  %r = linalg.generic {indexing_maps = [#rows, #row_stat, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x64xf32>, tensor<4xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %e = math.exp %x : f32
    %q = arith.divf %e, %s : f32
    %l = math.log %q : f32
    linalg.yield %l : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}
