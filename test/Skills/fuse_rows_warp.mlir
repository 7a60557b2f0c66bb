// The skill fuse_rows_warp on a layer norm over 64 rows of 256 (dispatch
// 1, the row sums in f64; 4 rows per block, a warp each, 2 elements per
// lane per step): the fill, the sums, the second fill, the squared
// deviations and the normalization (dispatches 0 to 4, the last over three
// loops whose first two are the rows) in one kernel.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 2, "V": 0}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/row_chain_layer_norm.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/row_chain_layer_norm.mlir --emulate-gpu --plan=%t.plan.json --seed=31 | FileCheck %s --check-prefix=EMULATED
// A boolean reduction in the chain (whether a row is all -inf, as in
// Torch-MLIR's safe softmax): its lanes' i1 results cross the warp as i32.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 2, "E": 2, "V": 0}}]}' > %t.mask.json
// RUN: ks-opt %S/Inputs/row_chain_masked_rows.mlir --ks-seed-lowering="plan=%t.mask.json" | FileCheck %s --check-prefix=MASK
// RUN: ks-run %S/Inputs/row_chain_masked_rows.mlir --emulate-gpu --plan=%t.mask.json --seed=37 | FileCheck %s --check-prefix=MASK-EMULATED
// Rows of 1000 (a loss over 1000 classes), 128 elements a warp step: 8
// trips, unrolled 4 deep, each behind a test of its start against the row.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 0}}]}' > %t.ragged.json
// RUN: ks-opt %S/Inputs/row_chain_softmax_ragged.mlir --ks-seed-lowering="plan=%t.ragged.json" | FileCheck %s --check-prefix=RAGGED
// RUN: ks-run %S/Inputs/row_chain_softmax_ragged.mlir --emulate-gpu --plan=%t.ragged.json --seed=41 | FileCheck %s --check-prefix=RAGGED-EMULATED
// V = 1, the rows kept in registers: the layer norm reads its input once
// (the normalization's 3-d loops collapsed to the sums' [rows, 256] view),
// the ragged softmax tests only its last trip against the row's end.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 2, "V": 1}}]}' > %t.reg.json
// RUN: ks-opt %S/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.reg.json" | FileCheck %s --check-prefix=REG
// RUN: ks-run %S/Inputs/row_chain_layer_norm.mlir --emulate-gpu --plan=%t.reg.json --seed=47 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 1}}]}' > %t.reg-ragged.json
// RUN: ks-opt %S/Inputs/row_chain_softmax_ragged.mlir --ks-seed-lowering="plan=%t.reg-ragged.json" | FileCheck %s --check-prefix=REG-RAGGED
// RUN: ks-run %S/Inputs/row_chain_softmax_ragged.mlir --emulate-gpu --plan=%t.reg-ragged.json --seed=53 | FileCheck %s --check-prefix=RAGGED-EMULATED
// Cross entropy: each picked loss (a gather of its row's logit at the
// row's target, ks-materialize-gathered-terms) is a point of its row after
// the row's statistics, computed by lane 0 of the row's warp in the rows'
// kernel; the count of valid targets, the sum of the losses and the
// division are one block's kernel.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 1}}, {"id": 6, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0}}]}' > %t.ce.json
// RUN: ks-opt %S/Inputs/row_chain_cross_entropy.mlir --ks-seed-lowering="plan=%t.ce.json" | FileCheck %s --check-prefix=CE
// RUN: ks-run %S/Inputs/row_chain_cross_entropy.mlir --emulate-gpu --plan=%t.ce.json --seed=59 | FileCheck %s --check-prefix=CE-EMULATED
// A loss that reads the sum of exponentials of the row its target names:
// a gather from a buffer the chain writes (any row of it) does not join;
// the losses run after the rows' kernel, in a kernel of their own.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 1}}]}' > %t.gw.json
// RUN: ks-opt %S/Inputs/row_chain_gather_written.mlir --ks-seed-lowering="plan=%t.gw.json" | FileCheck %s --check-prefix=GATHER-WRITTEN
// RUN: ks-run %S/Inputs/row_chain_gather_written.mlir --emulate-gpu --plan=%t.gw.json --seed=61 | FileCheck %s --check-prefix=CE-EMULATED
// A row of 4096 is 128 elements a lane: too many to keep.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 1}}]}' > %t.long.json
// RUN: not ks-opt %S/Inputs/row_chain_softmax_long.mlir --ks-seed-lowering="plan=%t.long.json" 2>&1 | FileCheck %s --check-prefix=REG-LONG

// One kernel: 16 blocks of 4 warps.
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: gpu.module @main_kernel attributes {ks.dispatch = 2 : i64}
// The two fills by lane 0; the row's sum and sum of squares in one walk
// (ks-one-pass-variance): lane l reads elements 2l, 2l+1 of every 64, the
// f32 input widened once as it is read, the 4 trips unrolled; a 64-bit
// butterfly per output (two 32-bit shuffles a step).
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[FIRST:.*]] = arith.cmpi ult, %[[LANE]], %c1 : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: gpu.barrier
// CHECK: scf.if %[[FIRST]] {
// CHECK: gpu.barrier
// CHECK: arith.muli %[[LANE]], %c2 : index
// CHECK-NOT: scf.for
// CHECK-COUNT-8: arith.extf
// CHECK-NOT: arith.extf
// CHECK-COUNT-20: gpu.shuffle xor
// CHECK: gpu.barrier
// The variance's sum from both, by lane 0 (one point a row); then the
// normalization over the row's 256 points, the row's statistics loaded
// and 1/sqrt(var + eps) computed once per lane before its walk.
// CHECK: arith.divf %{{.*}} : f64
// CHECK-NOT: arith.divf
// CHECK: gpu.barrier
// CHECK: arith.divf
// CHECK: arith.divf
// CHECK: math.rsqrt
// CHECK-NOT: math.rsqrt
// CHECK-COUNT-8: arith.truncf
// CHECK-NOT: math.rsqrt
// CHECK: gpu.return

// PTX: shfl.sync.bfly.b32
// PTX: bar.sync 0;
// PTX: rsqrt.approx.f64

// EMULATED: output #0 2x32x256xf32: match

// MASK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c64, %c1, %c1)
// MASK-NOT: gpu.launch_func
// MASK: %[[WIDE:.*]] = arith.extui %{{.*}} : i1 to i32
// MASK: gpu.shuffle xor %[[WIDE]], %c16_i32, %c32_i32 : i32
// MASK-COUNT-4: arith.andi %{{.*}} : i32
// MASK: arith.trunci %{{.*}} : i32 to i1
// MASK: math.exp
// MASK: arith.select

// MASK-EMULATED: output #0 32x128xf32: match

// RAGGED: scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}}) -> (f32) {
// RAGGED-COUNT-4: arith.cmpi ult, %{{.*}}, %c1000 : index
// RAGGED: } else {
// RAGGED-EMULATED: output #0 16x1000xf32: match

// The input's 8 elements per lane loaded once, in the sums; the deviations
// and the normalization use them from registers; 8 stores of the output.
// REG-LABEL: gpu.module @main_kernel
// REG-COUNT-8: memref.load %{{.*}} {ks.row_owned} : memref<1x256xf32
// REG-NOT: memref.load %{{.*}} : memref<1x256xf32
// REG-NOT: memref.load %{{.*}} {ks.row_owned} : memref<1x256xf32
// REG-COUNT-8: memref.store %{{.*}} {ks.row_owned} : memref<1x256xf32
// REG-NOT: memref.store %{{.*}} : memref<1x256xf32
// REG: gpu.return

// 8 trips of 128 per warp: the first 7 lie inside the 1000 columns for
// every lane, the last is tested; no loop, the maxima's 32 elements loaded
// once.
// REG-RAGGED-LABEL: gpu.module @main_kernel
// REG-RAGGED-NOT: scf.for
// REG-RAGGED: arith.cmpi ult, %{{.*}}, %c1000 : index
// REG-RAGGED-NOT: scf.for
// REG-RAGGED: gpu.return

// REG-LONG: error: skill fuse_rows_warp on dispatch 1: its requirement 'V == 0 || loop_range_1 <= 64 * 32' does not hold

// CE: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1024, %c1, %c1) threads in (%c128, %c1, %c1)
// CE: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
// CE-NOT: gpu.launch_func
// The target and the gathered logit (read-only buffers) are loaded at the
// kernel's start, by every lane, so that the gather's latency overlaps the
// row's loads; lane 0 finishes the loss after the row's statistics.
// CE-LABEL: gpu.func @main_kernel(
// CE: %[[LANE:.*]] = gpu.lane_id
// CE: %[[FIRST:.*]] = arith.cmpi ult, %[[LANE]], %c1 : index
// CE: %[[TARGET:.*]] = memref.load %{{.*}}[%c0] : memref<1xi64, strided<[1], offset: ?>>
// CE: %[[VALID:.*]] = arith.cmpi ne, %[[TARGET]], %c-100_i64 : i64
// CE: %[[SAFE:.*]] = arith.select %[[VALID]], %[[TARGET]], %c0_i64 : i64
// CE: %[[COLUMN:.*]] = arith.index_cast %[[SAFE]] : i64 to index
// CE: %[[PICKED:.*]] = memref.load %{{.*}}[%{{.*}}, %[[COLUMN]]] : memref<4096x1000xf32>
// CE: gpu.barrier
// CE-COUNT-2: gpu.shuffle xor %{{.*}}, %c1_i32
// CE: gpu.barrier
// CE: arith.subf %[[PICKED]]
// CE: math.log
// CE: %[[LOSS:.*]] = arith.select %[[VALID]]
// CE-NEXT: scf.if %[[FIRST]] {
// CE-NEXT: memref.store %[[LOSS]]
// CE: gpu.return
// CE-EMULATED: output #0 f32: match

// GATHER-WRITTEN: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1024, %c1, %c1) threads in (%c128, %c1, %c1)
// GATHER-WRITTEN: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
// GATHER-WRITTEN-LABEL: gpu.func @main_kernel(
// GATHER-WRITTEN-NOT: math.log
// GATHER-WRITTEN: gpu.return
// GATHER-WRITTEN-LABEL: gpu.func @main_kernel_0(
// GATHER-WRITTEN: math.log
