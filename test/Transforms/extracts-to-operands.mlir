// RUN: ks-opt %s --split-input-file --ks-extracts-to-operands | FileCheck %s
// In the pipeline, on level1/34's group norm at its reduced size (2 x 16 x
// 12 x 12, 4 groups): the apply reads the scale and shift as operands and
// is, merged by ks-collapse-elementwise-dims, a [32, 144] stream over the
// 32 (image, channel) pairs; its kernels compute what the gathers did
// (emulated on the CPU, fresh random inputs, against the CPU reference).
// RUN: ks-opt %S/../Skills/Inputs/group_norm_2x16x12x12.mlir --ks-seed-lowering --mlir-print-ir-after=ks-mark-dispatches -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<32x144xf32>, memref<32xf32>, memref<32xf32>) outs(%{{.*}} : memref<32x144xf32>) attrs = {ks.dispatch = 8 : i64} {
// PIPELINE-NEXT: ^bb0(%[[V:.*]]: f32, %[[B:.*]]: f32, %[[A:.*]]: f32, %{{.*}}: f32):
// PIPELINE-NEXT: %[[AX:.*]] = arith.mulf %[[V]], %[[A]]
// PIPELINE-NEXT: %[[Y:.*]] = arith.addf %[[AX]], %[[B]]
// PIPELINE-NEXT: linalg.yield %[[Y]]
// RUN: ks-run %S/../Skills/Inputs/group_norm_2x16x12x12.mlir --emulate-gpu --seed=83 | FileCheck %s --check-prefix=EMULATED
// EMULATED: output #0 2x16x12x12xf32: match
// The same apply summed over the spatial points (level2/19's group norm
// then mean over D, H, W, at its reduced size: 2 images, 8 channels, 384
// points): read as operands, the scale and shift no longer keep the
// (image, channel) loops apart, and the op is the [16, 384] row reduction
// the row skills take, not a 2-d nest one thread per output walks; a row
// skill's kernel computes what the gathers did.
// RUN: ks-opt %S/../Skills/Inputs/group_norm_spatial_mean_2x8x6x8x8.mlir --ks-seed-lowering --mlir-print-ir-after=ks-mark-dispatches -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<16x384xf32>, memref<16xf32>, memref<16xf32>) outs(%{{.*}} : memref<16xf32>) attrs = {ks.dispatch = 13 : i64} {
// ROWS-NEXT: ^bb0(%[[V:.*]]: f32, %[[B:.*]]: f32, %[[A:.*]]: f32, %[[ACC:.*]]: f32):
// ROWS-NEXT: %[[AX:.*]] = arith.mulf %[[V]], %[[A]]
// ROWS-NEXT: %[[Y:.*]] = arith.addf %[[AX]], %[[B]]
// ROWS-NEXT: %[[S:.*]] = arith.addf %[[Y]], %[[ACC]]
// ROWS-NEXT: linalg.yield %[[S]]
// RUN: echo '{"dispatches": [{"id": 13, "skill": "block_reduce_innermost", "params": {"T": 128, "E": 1}}]}' > %t.rows.json
// RUN: ks-run %S/../Skills/Inputs/group_norm_spatial_mean_2x8x6x8x8.mlir --emulate-gpu --plan=%t.rows.json --seed=19 | FileCheck %s --check-prefix=ROWS-EMULATED
// ROWS-EMULATED: output #0 2x8xf32: match

// Group norm's apply as Torch-MLIR writes it after ks-fold-index-tables
// (2 images, 8 channels in 4 groups of 2): the scale and shift at
// [(n + c floordiv 8) mod 2, (c floordiv 2) mod 4, c mod 2, 0], each index
// wrapped in `i < 0 ? i + size : i`. Over n < 2 and c < 8 those are n,
// c floordiv 2 and c mod 2: the channel loop splits into (group, channel
// in group), the input and output are expanded there, and both gathers
// are operands read at (n, g, k, 0).
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG: #[[P:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, 0)>
// CHECK-LABEL: func.func @group_norm_apply
// CHECK-SAME: (%[[IN:.*]]: tensor<2x8x3x5xf32>, %[[SCALE:.*]]: tensor<2x4x2x1xf32>, %[[SHIFT:.*]]: tensor<2x4x2x1xf32>)
// CHECK: %[[XE:.*]] = tensor.expand_shape %[[IN]] {{\[}}[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 3, 5]
// CHECK: %[[OE:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 3, 5]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[P]], #[[P]], #[[X]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[XE]], %[[SHIFT]], %[[SCALE]] : tensor<2x4x2x3x5xf32>, tensor<2x4x2x1xf32>, tensor<2x4x2x1xf32>) outs(%[[OE]] : tensor<2x4x2x3x5xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[B:.*]]: f32, %[[A:.*]]: f32, %{{.*}}: f32):
// CHECK-NOT: tensor.extract
// CHECK: %[[AX:.*]] = arith.mulf %[[V]], %[[A]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[AX]], %[[B]]
// CHECK-NEXT: linalg.yield %[[Y]]
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x4x2x3x5xf32> into tensor<2x8x3x5xf32>
// CHECK: return %[[C]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @group_norm_apply(%x: tensor<2x8x3x5xf32>, %scale: tensor<2x4x2x1xf32>,
                            %shift: tensor<2x4x2x1xf32>) -> tensor<2x8x3x5xf32> {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %c2_i64 = arith.constant 2 : i64
  %c4_i64 = arith.constant 4 : i64
  %e = tensor.empty() : tensor<2x8x3x5xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x3x5xf32>) outs(%e : tensor<2x8x3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %k = affine.apply affine_map<()[s0] -> (s0 mod 2)>()[%c]
    %k64 = arith.index_cast %k : index to i64
    %g = affine.apply affine_map<()[s0] -> ((s0 floordiv 2) mod 4)>()[%c]
    %g64 = arith.index_cast %g : index to i64
    %i = affine.apply affine_map<()[s0, s1] -> ((s0 + s1 floordiv 8) mod 2)>()[%n, %c]
    %i64 = arith.index_cast %i : index to i64
    %in_neg = arith.cmpi slt, %i64, %c0_i64 : i64
    %in_wrap = arith.addi %i64, %c2_i64 : i64
    %in_sel = arith.select %in_neg, %in_wrap, %i64 : i64
    %ii = arith.index_cast %in_sel : i64 to index
    %g_neg = arith.cmpi slt, %g64, %c0_i64 : i64
    %g_wrap = arith.addi %g64, %c4_i64 : i64
    %g_sel = arith.select %g_neg, %g_wrap, %g64 : i64
    %gi = arith.index_cast %g_sel : i64 to index
    %k_neg = arith.cmpi slt, %k64, %c0_i64 : i64
    %k_wrap = arith.addi %k64, %c2_i64 : i64
    %k_sel = arith.select %k_neg, %k_wrap, %k64 : i64
    %ki = arith.index_cast %k_sel : i64 to index
    %b = tensor.extract %shift[%ii, %gi, %ki, %c0] : tensor<2x4x2x1xf32>
    %a = tensor.extract %scale[%ii, %gi, %ki, %c0] : tensor<2x4x2x1xf32>
    %ax = arith.mulf %in, %a : f32
    %y = arith.addf %ax, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x8x3x5xf32>
  return %r : tensor<2x8x3x5xf32>
}

// -----

// A gather at the loop indices themselves: an operand, no loop split.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @plain_indices
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[T]], #[[ID]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x6xf32>, tensor<6x4xf32>)
// CHECK-NOT: tensor.extract
// CHECK-NOT: expand_shape
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @plain_indices(%x: tensor<4x6xf32>, %t: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%j, %i] : tensor<6x4xf32>
    %s = arith.addf %in, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Quotients and remainders written as arith.divui / arith.remui: the loop
// of 6 splits into (2, 3).
// CHECK-DAG: #[[XS:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[TS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1, d0)>
// CHECK-LABEL: func.func @divisions
// CHECK: linalg.generic {indexing_maps = [#[[XS]], #[[TS]], #[[XS]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x2x3xf32>, tensor<3x2x4xf32>)
func.func @divisions(%x: tensor<4x6xf32>, %t: tensor<3x2x4xf32>) -> tensor<4x6xf32> {
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %q = arith.divui %j, %c3 : index
    %m = arith.remui %j, %c3 : index
    %v = tensor.extract %t[%m, %q, %i] : tensor<3x2x4xf32>
    %s = arith.addf %in, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Gathers left as they are: at an index the op reads from a tensor (an
// embedding), at a loop index minus 1 wrapped by a select the ranges do not
// decide (it is -1 at the first point), at both a loop and its quotient
// (the loop would have to be read whole and split).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: tensor.extract
// CHECK-NOT: expand_shape
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @kept(%x: tensor<4x6xf32>, %ids: tensor<4x6xi64>, %t: tensor<8xf32>,
                %u: tensor<6x3xf32>) -> tensor<4x6xf32> {
  %c1 = arith.constant 1 : index
  %c0_i64 = arith.constant 0 : i64
  %c6_i64 = arith.constant 6 : i64
  %e = tensor.empty() : tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %ids : tensor<4x6xf32>, tensor<4x6xi64>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%in: f32, %id: i64, %out: f32):
    %j = linalg.index 1 : index
    %row = arith.index_cast %id : i64 to index
    %a = tensor.extract %t[%row] : tensor<8xf32>
    %j64 = arith.index_cast %j : index to i64
    %one = arith.index_cast %c1 : index to i64
    %back = arith.subi %j64, %one : i64
    %neg = arith.cmpi slt, %back, %c0_i64 : i64
    %wrapped = arith.addi %back, %c6_i64 : i64
    %sel = arith.select %neg, %wrapped, %back : i64
    %k = arith.index_cast %sel : i64 to index
    %b = tensor.extract %t[%k] : tensor<8xf32>
    %h = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%j)
    %c = tensor.extract %u[%j, %h] : tensor<6x3xf32>
    %s = arith.addf %in, %a : f32
    %s2 = arith.addf %s, %b : f32
    %s3 = arith.addf %s2, %c : f32
    linalg.yield %s3 : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// An unsigned cast is read through only where its value is never negative:
// index_castui of -1 is not -1, and that gather stays; the one at the loop
// index becomes an operand. A gather at the loop index from a tensor longer
// than the loop stays too (linalg wants a dim a loop reads to be as long as
// the loop), and so does one at a constant outside the tensor.
// CHECK-LABEL: func.func @unsigned_cast_and_longer_tensor
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>)
// CHECK-COUNT-3: tensor.extract %{{.*}} : tensor<8xf32>
// CHECK-NOT: tensor.extract
func.func @unsigned_cast_and_longer_tensor(%x: tensor<4xf32>, %t4: tensor<4xf32>,
                                           %t: tensor<8xf32>) -> tensor<4xf32> {
  %minus1 = arith.constant -1 : i64
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %ui = arith.index_castui %i64 : i64 to index
    %a = tensor.extract %t4[%ui] : tensor<4xf32>
    %wrapped = arith.index_castui %minus1 : i64 to index
    %b = tensor.extract %t[%wrapped] : tensor<8xf32>
    %c = tensor.extract %t[%ui] : tensor<8xf32>
    %c9 = arith.constant 9 : index
    %d = tensor.extract %t[%c9] : tensor<8xf32>
    %s = arith.addf %in, %a : f32
    %s2 = arith.addf %s, %b : f32
    %s3 = arith.addf %s2, %c : f32
    %s4 = arith.addf %s3, %d : f32
    linalg.yield %s4 : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The group norm's apply inside a reduction over the spatial points (2
// images, 8 channels in 4 groups of 2, 15 points): the gathers become
// operands read at (n, g, k), the channel loop split as above, and then,
// no loop index read any more, the three parallel loops merge into one of
// 16 (image, channel) rows and the parameters' unit dim goes: a row
// reduction of [16, 15] whose scale and shift are read at the row.
// CHECK-DAG: #[[RX:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[RP:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @group_norm_spatial_sum
// CHECK-SAME: (%[[IN:.*]]: tensor<2x8x15xf32>, %[[SCALE:.*]]: tensor<2x4x2x1xf32>, %[[SHIFT:.*]]: tensor<2x4x2x1xf32>)
// CHECK-DAG: %[[BU:.*]] = tensor.collapse_shape %[[SHIFT]] {{\[}}[0], [1], [2, 3]] : tensor<2x4x2x1xf32> into tensor<2x4x2xf32>
// CHECK-DAG: %[[AU:.*]] = tensor.collapse_shape %[[SCALE]] {{\[}}[0], [1], [2, 3]] : tensor<2x4x2x1xf32> into tensor<2x4x2xf32>
// CHECK-DAG: %[[XC:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : tensor<2x4x2x15xf32> into tensor<16x15xf32>
// CHECK-DAG: %[[BC:.*]] = tensor.collapse_shape %[[BU]] {{\[}}[0, 1, 2]] : tensor<2x4x2xf32> into tensor<16xf32>
// CHECK-DAG: %[[AC:.*]] = tensor.collapse_shape %[[AU]] {{\[}}[0, 1, 2]] : tensor<2x4x2xf32> into tensor<16xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[RX]], #[[RP]], #[[RP]], #[[RP]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%[[XC]], %[[BC]], %[[AC]] : tensor<16x15xf32>, tensor<16xf32>, tensor<16xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[B:.*]]: f32, %[[A:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NOT: tensor.extract
// CHECK-NOT: linalg.index
// CHECK: %[[AX:.*]] = arith.mulf %[[V]], %[[A]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[AX]], %[[B]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[Y]], %[[ACC]]
// CHECK-NEXT: linalg.yield %[[S]]
// CHECK: return %{{.*}} : tensor<2x8xf32>
func.func @group_norm_spatial_sum(%x: tensor<2x8x15xf32>, %scale: tensor<2x4x2x1xf32>,
                                  %shift: tensor<2x4x2x1xf32>) -> tensor<2x8xf32> {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %c2_i64 = arith.constant 2 : i64
  %c4_i64 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x8x15xf32>) outs(%init : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %k = affine.apply affine_map<()[s0] -> (s0 mod 2)>()[%c]
    %k64 = arith.index_cast %k : index to i64
    %g = affine.apply affine_map<()[s0] -> ((s0 floordiv 2) mod 4)>()[%c]
    %g64 = arith.index_cast %g : index to i64
    %i = affine.apply affine_map<()[s0, s1] -> ((s0 + s1 floordiv 8) mod 2)>()[%n, %c]
    %i64 = arith.index_cast %i : index to i64
    %in_neg = arith.cmpi slt, %i64, %c0_i64 : i64
    %in_wrap = arith.addi %i64, %c2_i64 : i64
    %in_sel = arith.select %in_neg, %in_wrap, %i64 : i64
    %ii = arith.index_cast %in_sel : i64 to index
    %g_neg = arith.cmpi slt, %g64, %c0_i64 : i64
    %g_wrap = arith.addi %g64, %c4_i64 : i64
    %g_sel = arith.select %g_neg, %g_wrap, %g64 : i64
    %gi = arith.index_cast %g_sel : i64 to index
    %k_neg = arith.cmpi slt, %k64, %c0_i64 : i64
    %k_wrap = arith.addi %k64, %c2_i64 : i64
    %k_sel = arith.select %k_neg, %k_wrap, %k64 : i64
    %ki = arith.index_cast %k_sel : i64 to index
    %b = tensor.extract %shift[%ii, %gi, %ki, %c0] : tensor<2x4x2x1xf32>
    %a = tensor.extract %scale[%ii, %gi, %ki, %c0] : tensor<2x4x2x1xf32>
    %ax = arith.mulf %in, %a : f32
    %y = arith.addf %ax, %b : f32
    %s = arith.addf %y, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
