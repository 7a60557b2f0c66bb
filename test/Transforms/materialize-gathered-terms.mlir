// RUN: ks-opt %s --ks-materialize-gathered-terms | FileCheck %s
// RUN: ks-run %s --entry=picked_losses --emulate-gpu --seed=11 | FileCheck %s --check-prefix=EMULATED

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// Cross entropy's sum of picked losses: each term gathers its row's logit
// at the row's target and reads the row's sum of exponentials. The terms
// become an elementwise op right after the sums (before the count of the
// targets, which came between), then a plain sum of them. The valid
// targets (t != 0 here), which the count reads too, are computed again in
// the terms from the targets: the terms read no buffer of booleans.
// CHECK-LABEL: func.func @picked_losses
// CHECK: %[[SUMS:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: %[[VALID:.*]] = linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}}outs(%{{.*}} : tensor<256xi1>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<256xf32>
// CHECK: %[[TERMS:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel"]} ins(%{{.*}} : tensor<256xi64>) outs(%[[EMPTY]] : tensor<256xf32>)
// CHECK: arith.cmpi ne
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %{{.*}}[%[[I]], %{{.*}}] : tensor<256x64xf32>
// CHECK: tensor.extract %[[SUMS]][%[[I]]] : tensor<256xf32>
// CHECK: math.log
// CHECK-NOT: arith.addf
// CHECK: linalg.yield
// CHECK-NEXT: } -> tensor<256xf32>
// The count, where it was.
// CHECK: ins(%[[VALID]] : tensor<256xi1>)
// CHECK: arith.extui
// CHECK: %[[TOTAL:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["reduction"]} ins(%[[TERMS]] : tensor<256xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT: linalg.yield %[[ADD]] : f32
// EMULATED: output #0 f32: match
// EMULATED: output #1 i64: match
func.func @picked_losses(%x: tensor<256x64xf32>, %t: tensor<256xi64>) -> (tensor<f32>, tensor<i64>) {
  %zero = arith.constant 0.0 : f32
  %zero_i64 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<256xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x64xf32>) outs(%s0 : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %x1 = math.exp %a : f32
    %v = arith.addf %x1, %o : f32
    linalg.yield %v : f32
  } -> tensor<256xf32>
  %eb = tensor.empty() : tensor<256xi1>
  %valid = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%t : tensor<256xi64>) outs(%eb : tensor<256xi1>) {
  ^bb0(%ti: i64, %o: i1):
    %b = arith.cmpi ne, %ti, %zero_i64 : i64
    linalg.yield %b : i1
  } -> tensor<256xi1>
  %ec = tensor.empty() : tensor<i64>
  %c0 = linalg.fill ins(%zero_i64 : i64) outs(%ec : tensor<i64>) -> tensor<i64>
  %count = linalg.generic {indexing_maps = [#vec, #scalar], iterator_types = ["reduction"]}
      ins(%valid : tensor<256xi1>) outs(%c0 : tensor<i64>) {
  ^bb0(%b: i1, %o: i64):
    %w = arith.extui %b : i1 to i64
    %v = arith.addi %w, %o : i64
    linalg.yield %v : i64
  } -> tensor<i64>
  %el = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%el : tensor<f32>) -> tensor<f32>
  %loss = linalg.generic {indexing_maps = [#vec, #vec, #scalar], iterator_types = ["reduction"]}
      ins(%valid, %t : tensor<256xi1>, tensor<256xi64>) outs(%l0 : tensor<f32>) {
  ^bb0(%b: i1, %ti: i64, %o: f32):
    %i = linalg.index 0 : index
    %safe = arith.select %b, %ti, %zero_i64 : i64
    %j = arith.index_cast %safe : i64 to index
    %picked = tensor.extract %x[%i, %j] : tensor<256x64xf32>
    %sum = tensor.extract %s[%i] : tensor<256xf32>
    %lse = math.log %sum : f32
    %logp = arith.subf %picked, %lse : f32
    %neg = arith.negf %logp : f32
    %term = arith.select %b, %neg, %zero : f32
    %v = arith.addf %term, %o : f32
    linalg.yield %v : f32
  } -> tensor<f32>
  return %loss, %count : tensor<f32>, tensor<i64>
}

// Extracts at indices computed from the loop index alone (the diagonal):
// no gather, left as it is.
// CHECK-LABEL: func.func @diagonal_sum
// CHECK-NOT: iterator_types = ["parallel"]
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK: tensor.extract
// CHECK-NOT: linalg.generic
func.func @diagonal_sum(%x: tensor<256x256xf32>, %u: tensor<256xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %el = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%el : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#vec, #scalar], iterator_types = ["reduction"]}
      ins(%u : tensor<256xf32>) outs(%l0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %d = tensor.extract %x[%i, %i] : tensor<256x256xf32>
    %p = arith.mulf %a, %d : f32
    %v = arith.addf %p, %o : f32
    linalg.yield %v : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// Gathers into more than one output (per row): its terms would be as many
// as its inputs' elements, written and read again. Left as it is; so is a
// gathering max whose combiner is not a single op.
// CHECK-LABEL: func.func @gathered_rows
// CHECK-NOT: iterator_types = ["parallel"]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.generic
func.func @gathered_rows(%x: tensor<64xf32>, %t: tensor<32x16xi64>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<32x16xi64>) outs(%s0 : tensor<32xf32>) {
  ^bb0(%ti: i64, %o: f32):
    %j = arith.index_cast %ti : i64 to index
    %v = tensor.extract %x[%j] : tensor<64xf32>
    %n = arith.addf %v, %o : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}
