// RUN: ks-opt %s --ks-split-large-reductions | FileCheck %s
// RUN: ks-opt %s --ks-split-large-reductions="min-reduction=1000000 few-outputs=0" | FileCheck %s --check-prefix=SMALL
// RUN: ks-opt %s --ks-split-large-reductions="min-reduction=1024 max-final-stage=1024" | FileCheck %s --check-prefix=TWICE
// RUN: ks-opt %s --ks-split-large-reductions="min-reduction=1024" | FileCheck %s --check-prefix=ONCE
// The seed lowering splits it too; its kernels, emulated, match the CPU.
// RUN: ks-run %s --entry=squared_error --emulate-gpu --seed=5 | FileCheck %s --check-prefix=EMULATED
// EMULATED: output #0 f32: match
// A long reduction to a scalar, in contiguous chunks (Inputs/every_third_scalar.mlir):
// RUN: ks-opt %S/Inputs/every_third_scalar.mlir --ks-split-large-reductions | FileCheck %S/Inputs/every_third_scalar.mlir
// RUN: ks-opt %S/Inputs/every_third_scalar.mlir --ks-split-large-reductions="scalar-chunk=0" | FileCheck %S/Inputs/every_third_scalar.mlir --check-prefix=CHUNK0
// RUN: ks-run %S/Inputs/every_third_scalar.mlir --emulate-gpu --seed=3 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0}}]}' > %t.rows.json
// RUN: ks-run %S/Inputs/every_third_scalar.mlir --emulate-gpu --seed=3 --plan=%t.rows.json | FileCheck %s --check-prefix=EMULATED

// A sum of squared differences of two 512x256 tensors (a loss) reduces
// 131072 elements to one: the two reduction loops become one, split into
// min(max-partials, target-threads / 1 output, 131072 / 64) = 2048 partials
// of 64, the partials' loop inner (thread p folds elements p, p + 2048, ...),
// then a final stage over the 2048.

#sum_in = affine_map<(d0, d1) -> (d0, d1)>
#sum_out = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @squared_error
func.func @squared_error(%a: tensor<512x256xf32>, %b: tensor<512x256xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  // CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<512x256xf32> into tensor<131072xf32>
  // CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [64, 2048] : tensor<131072xf32> into tensor<64x2048xf32>
  // CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
  // CHECK-SAME: outs(%{{.*}} : tensor<2048xf32>)
  // CHECK: arith.subf
  // CHECK: arith.mulf
  // CHECK: arith.addf
  // CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[PARTIAL]] : tensor<2048xf32>) outs(%{{.*}} : tensor<1xf32>)
  // SMALL-NOT: collapse_shape
  // SMALL: iterator_types = ["reduction", "reduction"]
  %r = linalg.generic {indexing_maps = [#sum_in, #sum_in, #sum_out],
                       iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<512x256xf32>, tensor<512x256xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %d = arith.subf %x, %y : f32
    %sq = arith.mulf %d, %d : f32
    %n = arith.addf %sq, %s : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// With min-reduction=1024 the final stage over 2048 partials is long enough
// to split again. To one output, a final stage of at most max-final-stage
// partials (4096 by default) is left to one block, which folds it in one
// kernel; with max-final-stage=1024 it is split: 32 partials of 64, then
// one.
// ONCE-LABEL: func.func @squared_error
// ONCE: outs(%{{.*}} : tensor<2048xf32>)
// ONCE: ins(%{{.*}} : tensor<2048xf32>) outs(%{{.*}} : tensor<1xf32>)
// ONCE-NOT: tensor<32xf32>
// ONCE-LABEL: func.func @many_rows
// TWICE-LABEL: func.func @squared_error
// TWICE: outs(%{{.*}} : tensor<2048xf32>)
// TWICE: ins(%{{.*}} : tensor<64x32xf32>) outs(%{{.*}} : tensor<32xf32>)
// TWICE: ins(%{{.*}} : tensor<32xf32>) outs(%{{.*}} : tensor<f32>)

// Rows of a 4096x65536 tensor: 4096 outputs, more than max-outputs (127),
// already one thread each: left alone. An argmax-like op with two outputs,
// too.
#row_in = affine_map<(d0, d1) -> (d0, d1)>
#row_out = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @many_rows
// CHECK-NOT: expand_shape
// CHECK: return
func.func @many_rows(%a: tensor<4096x65536xf32>) -> tensor<4096xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4096xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4096xf32>) -> tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [#row_in, #row_out],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4096x65536xf32>) outs(%acc : tensor<4096xf32>) {
  ^bb0(%x: f32, %s: f32):
    %n = arith.addf %x, %s : f32
    linalg.yield %n : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// 256 rows of 65536 (level1/36's sums of squares): more than max-outputs
// (127), enough rows for a block each (or a cluster of blocks, where the
// L2 normalization after them joins one row chain): left alone. 64 rows
// of 65536 are split, 1024 partials per row.
// CHECK-LABEL: func.func @rows_256
// CHECK-NOT: expand_shape
// CHECK: ins(%{{.*}} : tensor<256x65536xf32>) outs(%{{.*}} : tensor<256xf32>)
// CHECK-LABEL: func.func @rows_64
// CHECK: tensor.expand_shape %{{.*}} output_shape [64, 64, 1024] : tensor<64x65536xf32> into tensor<64x64x1024xf32>
// CHECK: outs(%{{.*}} : tensor<64x1024xf32>)
func.func @rows_256(%a: tensor<256x65536xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<256xf32>) -> tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#row_in, #row_out],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<256x65536xf32>) outs(%acc : tensor<256xf32>) {
  ^bb0(%x: f32, %s: f32):
    %p = arith.mulf %x, %x : f32
    %n = arith.addf %p, %s : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}
func.func @rows_64(%a: tensor<64x65536xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#row_in, #row_out],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x65536xf32>) outs(%acc : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32):
    %p = arith.mulf %x, %x : f32
    %n = arith.addf %p, %s : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// A keepdim output, (d0, d1) -> (d0, 0) as Torch-MLIR emits for
// sum(dim=1, keepdim=True): splitReduction cannot map it; left alone.
#keep_out = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @keepdim_rows
// CHECK-NOT: expand_shape
// CHECK: iterator_types = ["parallel", "reduction"]
func.func @keepdim_rows(%a: tensor<4x65536xf32>) -> tensor<4x1xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x1xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4x1xf32>) -> tensor<4x1xf32>
  %r = linalg.generic {indexing_maps = [#row_in, #keep_out],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x65536xf32>) outs(%acc : tensor<4x1xf32>) {
  ^bb0(%x: f32, %s: f32):
    %n = arith.addf %x, %s : f32
    linalg.yield %n : f32
  } -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// A KL-divergence-like sum to a scalar whose operand %m is broadcast along
// the inner reduction loop (d0, 0): the two reduction loops cannot be
// collapsed, so the outer one becomes parallel: 256 partials, each folding
// a row of 512 from the combiner's neutral element (0.0), then a final
// stage adds the partials into the op's init.
// RUN: ks-run %s --entry=broadcast_operand_sum --emulate-gpu --seed=7 | FileCheck %s --check-prefix=EMULATED
#row = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @broadcast_operand_sum
// CHECK-NOT:   collapse_shape
// CHECK:       tensor.empty() : tensor<256xf32>
// CHECK-NEXT:  %[[NEUTRAL:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:  %[[INIT:.*]] = linalg.fill ins(%[[NEUTRAL]] : f32) outs(%{{.*}} : tensor<256xf32>)
// CHECK:       %[[PARTIAL:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}}, %{{.*}} : tensor<256x512xf32>, tensor<256x1xf32>) outs(%[[INIT]] : tensor<256xf32>)
// CHECK:         arith.divf
// CHECK:         math.log
// CHECK:         arith.addf
// CHECK:       %[[FINAL:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[PARTIAL]] : tensor<256xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK-NEXT:  ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[IN]], %[[OUT]] : f32
// CHECK-NEXT:    linalg.yield %[[SUM]]
// The final stage is a row of one (a parallel loop of 1), so the warp and
// block skills take it; its [1] result is the scalar again.
// CHECK:       %[[SCALAR:.*]] = tensor.collapse_shape %[[FINAL]] [] : tensor<1xf32> into tensor<f32>
// CHECK:       return %[[SCALAR]]
func.func @broadcast_operand_sum(%x: tensor<256x512xf32>, %m: tensor<256x1xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#sum_in, #row, #sum_out],
                       iterator_types = ["reduction", "reduction"]}
      ins(%x, %m : tensor<256x512xf32>, tensor<256x1xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %s: f32, %a: f32):
    %e = math.exp %v : f32
    %es = math.exp %s : f32
    %q = arith.divf %e, %es : f32
    %l = math.log %q : f32
    %t = arith.mulf %q, %l : f32
    %n = arith.addf %t, %a : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// A sum to a scalar of 16384 elements (as cross entropy's count of valid
// targets, here summing the valid targets themselves): from
// min-reduction-few-outputs (4096) on, but of one loop and under
// one-block-reduction (65536), so it is not split but becomes one row of
// 16384 (a parallel loop of one), which one block folds: on the H100 the
// split's two kernels, a fill and a one-thread tail took longer (cross
// entropy's and the cosine loss's final sums). With one-block-reduction=4096
// it splits: 256 partials of 64, then one. With few-outputs=0 it is not
// split either.
// RUN: ks-opt %s --ks-split-large-reductions="one-block-reduction=4096" | FileCheck %s --check-prefix=SPLIT-FEW
// RUN: ks-opt %s --ks-split-large-reductions="few-outputs=0" | FileCheck %s --check-prefix=ONE-ROW
// RUN: ks-run %s --entry=count_valid --emulate-gpu --seed=3 | FileCheck %s --check-prefix=EMULATED-I64
// EMULATED-I64: output #0 i64: match
#vec = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @count_valid
// CHECK-NOT: output_shape [64, 256]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<16384xi64>) outs(%{{.*}} : tensor<1xi64>)
// SPLIT-FEW-LABEL: func.func @count_valid
// SPLIT-FEW: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [64, 256] : tensor<16384xi64> into tensor<64x256xi64>
// SPLIT-FEW: %[[PARTIAL:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
// SPLIT-FEW-SAME: outs(%{{.*}} : tensor<256xi64>)
// SPLIT-FEW: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[PARTIAL]] : tensor<256xi64>) outs(%{{.*}} : tensor<1xi64>)
// ONE-ROW-LABEL: func.func @count_valid
// ONE-ROW-NOT: expand_shape {{.*}} output_shape [64, 256]
// ONE-ROW: iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<16384xi64>) outs(%{{.*}} : tensor<1xi64>)
func.func @count_valid(%targets: tensor<16384xi64>) -> tensor<i64> {
  %zero = arith.constant 0 : i64
  %init = tensor.empty() : tensor<i64>
  %acc = linalg.fill ins(%zero : i64) outs(%init : tensor<i64>) -> tensor<i64>
  %r = linalg.generic {indexing_maps = [#vec, #scalar],
                       iterator_types = ["reduction"]}
      ins(%targets : tensor<16384xi64>) outs(%acc : tensor<i64>) {
  ^bb0(%t: i64, %n: i64):
    %ignored = arith.constant -100 : i64
    %valid = arith.cmpi ne, %t, %ignored : i64
    %t_or_zero = arith.select %valid, %t, %zero : i64
    %s = arith.addi %t_or_zero, %n : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  return %r : tensor<i64>
}

// The body reads its position along the reduction (a gather's row, as in
// cross entropy's picked logits): after the split, that position is the
// outer loop's step times the ratio plus the partial's index, not the
// outer loop alone. Two rows of 65536, every third element summed: 1024
// partials of 64 per row.
// RUN: ks-run %s --entry=every_third --emulate-gpu --seed=9 | FileCheck %s --check-prefix=EMULATED-INDEX
// EMULATED-INDEX: output #0 2xf32: match
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row_sum = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @every_third
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: %[[STEP:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[PARTIAL:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[RATIO:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[STEP]], %[[RATIO]] : index
// CHECK-NEXT: %[[POS:.*]] = arith.addi %[[BASE]], %[[PARTIAL]] : index
// CHECK: arith.remui %[[POS]]
func.func @every_third(%x: tensor<2x65536xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#rows, #row_sum], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x65536xf32>) outs(%acc : tensor<2xf32>) {
  ^bb0(%v: f32, %s: f32):
    %i = linalg.index 1 : index
    %three = arith.constant 3 : index
    %m = arith.remui %i, %three : index
    %c0 = arith.constant 0 : index
    %keep = arith.cmpi eq, %m, %c0 : index
    %t = arith.select %keep, %v, %zero : f32
    %n = arith.addf %t, %s : f32
    linalg.yield %n : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}


// A sum to a scalar of 16384 gathered elements (cross entropy's picked
// logits, x[i, t[i]]): under one-block-reduction, but its scattered loads
// want many blocks' requests in flight, so it is split as before (256
// partials of 64): in one block it took 15.4 us on the H100, split 3.1.
// CHECK-LABEL: func.func @gathered_sum
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [64, 256] : tensor<16384xi64> into tensor<64x256xi64>
// CHECK: tensor.extract
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<256xf32>) outs(%{{.*}} : tensor<1xf32>)
func.func @gathered_sum(%x: tensor<16384x16xf32>, %t: tensor<16384xi64>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#vec, #scalar], iterator_types = ["reduction"]}
      ins(%t : tensor<16384xi64>) outs(%acc : tensor<f32>) {
  ^bb0(%ti: i64, %s: f32):
    %i = linalg.index 0 : index
    %j = arith.index_cast %ti : i64 to index
    %v = tensor.extract %x[%i, %j] : tensor<16384x16xf32>
    %n = arith.addf %v, %s : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
