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

// Where a is x minus its row's maximum (a row maximum of x, read at x's
// row; here of x with a unit dim inserted, as Torch-MLIR writes a softmax's
// max), a <= 0 <= the interval's upper end unless that end is below 0 (a
// row whose sum is below exp(min)): the upper end's test becomes a choice
// once per row (every element of such a row takes the original: a < +inf),
// and a gets one comparison.
// CHECK-LABEL: func.func @below_row_maximum
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[A:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK: %[[LOGB:.*]] = math.log %[[S]] : f32
// CHECK: %[[LO1:.*]] = arith.maximumf
// CHECK-NEXT: %[[LO:.*]] = arith.addf %[[LO1]], %[[MARGIN:.*]] : f32
// CHECK: %[[HI1:.*]] = arith.minimumf
// CHECK-NEXT: %[[HI:.*]] = arith.subf %[[HI1]], %[[MARGIN]] : f32
// CHECK: %[[EMPTY:.*]] = arith.cmpf olt, %[[HI]], %[[ZERO]] : f32
// CHECK: %[[LOW:.*]] = arith.select %[[EMPTY]], %[[INF]], %[[LO]] : f32
// CHECK: %[[ORIGINAL:.*]] = arith.cmpf olt, %[[A]], %[[LOW]] : f32
// CHECK-NOT: arith.cmpf
// CHECK: scf.if %[[ORIGINAL]]
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row_of3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#row_kept = affine_map<(d0, d1) -> (d0, 0)>
func.func @below_row_maximum(%x: tensor<4x64xf32>, %s: tensor<4x1xf32>) -> tensor<4x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<4x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4x1xf32>) -> tensor<4x1xf32>
  %x3 = tensor.expand_shape %x [[0, 1], [2]] output_shape [4, 1, 64] : tensor<4x64xf32> into tensor<4x1x64xf32>
  %max = linalg.generic {indexing_maps = [#rows3, #row_of3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x3 : tensor<4x1x64xf32>) outs(%fm : tensor<4x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x1xf32>
  %init = tensor.empty() : tensor<4x64xf32>
  %r = linalg.generic {indexing_maps = [#rows, #row_kept, #row_kept, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %s : tensor<4x64xf32>, tensor<4x1xf32>, tensor<4x1xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%in: f32, %m: f32, %sum: f32, %o: f32):
    %a = arith.subf %in, %m : f32
    %ea = math.exp %a : f32
    %q = arith.divf %ea, %sum : f32
    %l = math.log %q : f32
    linalg.yield %l : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// Not a row's maximum of the same x (a minimum; the maximum of another
// tensor; x read at another row): a keeps both ends of its interval.
// CHECK-LABEL: func.func @not_below_row_maximum
// CHECK-COUNT-3: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: arith.select
// CHECK: return
#row_only = affine_map<(d0, d1) -> (d0)>
#rows_swapped = affine_map<(d0, d1) -> (3 - d0, d1)>
func.func @not_below_row_maximum(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>, %s: tensor<4xf32>)
    -> (tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %min = linalg.generic {indexing_maps = [#rows, #row_only], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.minimumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %maxy = linalg.generic {indexing_maps = [#rows, #row_only], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<4x64xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %maxx = linalg.generic {indexing_maps = [#rows, #row_only], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %init = tensor.empty() : tensor<4x64xf32>
  %r1 = linalg.generic {indexing_maps = [#rows, #row_only, #row_only, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %min, %s : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%in: f32, %m: f32, %sum: f32, %o: f32):
    %a = arith.subf %in, %m : f32
    %ea = math.exp %a : f32
    %q = arith.divf %ea, %sum : f32
    %l = math.log %q : f32
    linalg.yield %l : f32
  } -> tensor<4x64xf32>
  %r2 = linalg.generic {indexing_maps = [#rows, #row_only, #row_only, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %maxy, %s : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%in: f32, %m: f32, %sum: f32, %o: f32):
    %a = arith.subf %in, %m : f32
    %ea = math.exp %a : f32
    %q = arith.divf %ea, %sum : f32
    %l = math.log %q : f32
    linalg.yield %l : f32
  } -> tensor<4x64xf32>
  %r3 = linalg.generic {indexing_maps = [#rows_swapped, #row_only, #row_only, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %maxx, %s : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4x64xf32>) {
  ^bb0(%in: f32, %m: f32, %sum: f32, %o: f32):
    %a = arith.subf %in, %m : f32
    %ea = math.exp %a : f32
    %q = arith.divf %ea, %sum : f32
    %l = math.log %q : f32
    linalg.yield %l : f32
  } -> tensor<4x64xf32>
  return %r1, %r2, %r3 : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}
