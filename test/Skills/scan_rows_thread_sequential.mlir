// The skill scan_rows_thread_sequential on the cumsum of 300 rows of 48 (T =
// 128 rows a block, U = 8): the triangular reduction (dispatch 1) becomes
// one kernel of 3 blocks, the last past the tensor's last row, and the
// identity fill of its output (dispatch 0) is erased and recorded as folded.
// A block loads its 128 rows coalesced (element f = i + u * 128 + tx of the
// block is row f / 48's column f % 48; a trip's 8 loads before its stores)
// into shared memory at rows of 49 (an odd stride), each thread folds its
// row there in order, 8 elements a trip (each combined as the seed combines
// it: the element, then the running value), and the rows go back to
// coalesced stores. Numerics, in the CPU emulation against the CPU
// reference (the seed's sequential fold, which the kernel's association is:
// no error at all) on fresh random inputs: the f32 cumsum, an f64 cumprod of
// 77 rows of 37 (T = 32, U = 16: a walk of two trips and five elements
// after them), a masked cumsum, a flipped one, KernelBench's reverse cumsum
// (its last flip done by the stores: that copy's dispatch folded) and
// exclusive cumsum (FOLD = 1: the shifted rows read from the input, the
// concat's copies folded), and a cumprod over the middle dim of a 3-d tensor
// between the frontend's two transposes.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_thread_sequential", "params": {"T": 128, "U": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/cumsum_rows_300x48.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/cumsum_rows_300x48.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/cumsum_rows_300x48.mlir --emulate-gpu --plan=%t.plan.json --seed=71 | FileCheck %s --check-prefix=SUM
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_thread_sequential", "params": {"T": 32, "U": 16}}]}' > %t.prod.plan.json
// RUN: ks-opt %S/Inputs/cumprod_rows_77x37_f64.mlir --ks-seed-lowering="plan=%t.prod.plan.json" | FileCheck %s --check-prefix=PROD-IR
// RUN: ks-run %S/Inputs/cumprod_rows_77x37_f64.mlir --emulate-gpu --plan=%t.prod.plan.json --seed=72 | FileCheck %s --check-prefix=PROD
// RUN: ks-run %S/Inputs/masked_cumsum_300x48.mlir --emulate-gpu --plan=%t.plan.json --seed=74 | FileCheck %s --check-prefix=MASKED
// RUN: ks-run %S/Inputs/flipped_cumsum_300x48.mlir --emulate-gpu --plan=%t.plan.json --seed=75 | FileCheck %s --check-prefix=FLIPPED
// RUN: echo '{"dispatches": [{"id": 2, "skill": "scan_rows_thread_sequential", "params": {"T": 128, "U": 8}}]}' > %t.reverse.plan.json
// RUN: ks-opt %S/Inputs/reverse_cumsum_300x48.mlir --ks-seed-lowering="plan=%t.reverse.plan.json" | FileCheck %s --check-prefix=REVERSE-IR
// RUN: ks-run %S/Inputs/reverse_cumsum_300x48.mlir --emulate-gpu --plan=%t.reverse.plan.json --seed=76 | FileCheck %s --check-prefix=REVERSE
// RUN: echo '{"dispatches": [{"id": 3, "skill": "scan_rows_thread_sequential", "params": {"T": 128, "U": 8, "FOLD": 1}}]}' > %t.exclusive.plan.json
// RUN: ks-opt %S/Inputs/exclusive_cumsum_300x48.mlir --ks-seed-lowering="plan=%t.exclusive.plan.json" | FileCheck %s --check-prefix=EXCLUSIVE-IR
// RUN: ks-run %S/Inputs/exclusive_cumsum_300x48.mlir --emulate-gpu --plan=%t.exclusive.plan.json --seed=77 | FileCheck %s --check-prefix=EXCLUSIVE
// RUN: echo '{"dispatches": [{"id": 2, "skill": "scan_rows_thread_sequential", "params": {"T": 64, "U": 4}}]}' > %t.middle.plan.json
// RUN: ks-run %S/Inputs/cumprod_middle_dim_6x16x40.mlir --emulate-gpu --plan=%t.middle.plan.json --seed=78 | FileCheck %s --check-prefix=MIDDLE
// A block's rows past 48 KB of shared memory are refused, naming why.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_thread_sequential", "params": {"T": 256, "U": 8}}]}' > %t.big.plan.json
// RUN: not ks-opt %S/Inputs/cumprod_rows_77x37_f64.mlir --ks-seed-lowering="plan=%t.big.plan.json" 2>&1 | FileCheck %s --check-prefix=TOO-BIG

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: func.func @main
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// CHECK: %[[BUF:.*]] = memref.get_global @workgroup_tile : memref<6272xf32, #gpu.address_space<workgroup>>
// CHECK: %[[FIRST:.*]] = arith.muli %block_id_x, %c128 : index
// Staging, coalesced: the block's element f at row f / 48, column f % 48,
// its place in the block in 32 bits.
// CHECK: %[[TX:.*]] = arith.index_castui %thread_id_x : index to i32
// CHECK: scf.for %[[I:.*]] = %c0 to %c6144 step %c1024 {
// CHECK-NEXT: %[[I32:.*]] = arith.index_castui %[[I]] : index to i32
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[I32]], %[[TX]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.divui %[[F]], %c48_i32 : i32
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[F]], %c48_i32 : i32
// CHECK-NEXT: %[[RS:.*]] = arith.muli %[[R]], %c49_i32 : i32
// CHECK-NEXT: %[[AT32:.*]] = arith.addi %[[RS]], %[[C]] : i32
// CHECK-NEXT: %[[MINE:.*]] = arith.cmpi ult, %[[R]], %c128_i32 : i32
// CHECK-NEXT: %[[AT:.*]] = arith.index_castui %[[AT32]] : i32 to index
// CHECK-NEXT: %[[RI:.*]] = arith.index_castui %[[R]] : i32 to index
// CHECK-NEXT: %[[COL:.*]] = arith.index_castui %[[C]] : i32 to index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[RI]] : index
// CHECK-NEXT: %[[REAL:.*]] = arith.cmpi ult, %[[ROW]], %c300 : index
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[MINE]], %[[REAL]] : i1
// CHECK-NEXT: %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT: memref.load %arg0[%[[ROW]], %[[COL]]] : memref<300x48xf32>
// CHECK-NOT: memref.store
// CHECK-COUNT-7: memref.load %arg0
// CHECK: scf.if %[[MINE]] {
// CHECK-NEXT: memref.store %[[V]], %[[BUF]][%[[AT]]]
// CHECK-COUNT-7: memref.store %{{.*}}, %[[BUF]]
// CHECK: gpu.barrier
// The thread's row, in order.
// CHECK: %[[MINE_AT:.*]] = arith.muli %thread_id_x, %c49 : index
// CHECK: scf.for %[[J:.*]] = %c0 to %c48 step %c8 iter_args(%[[ACC:.*]] = %cst) -> (f32) {
// CHECK-NEXT: %[[W:.*]] = arith.addi %[[MINE_AT]], %[[J]] : index
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[BUF]][%[[W]]]
// CHECK-COUNT-7: memref.load %[[BUF]]
// CHECK-NEXT: %[[A0:.*]] = arith.addf %[[V0]], %[[ACC]] : f32
// CHECK-NEXT: %[[A1:.*]] = arith.addf %{{.*}}, %[[A0]] : f32
// CHECK-COUNT-6: arith.addf
// CHECK-NEXT: memref.store %[[A0]], %[[BUF]][%[[W]]]
// CHECK-COUNT-7: memref.store %{{.*}}, %[[BUF]]
// CHECK: gpu.barrier
// Back, coalesced.
// CHECK: scf.for %{{.*}} = %c0 to %c6144 step %c1024 {
// CHECK: scf.if
// CHECK-NEXT: memref.load %[[BUF]]
// CHECK-NEXT: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<300x48xf32>
// CHECK-NOT: linalg.
// CHECK: memref.global "private" @workgroup_tile : memref<6272xf32, #gpu.address_space<workgroup>>

// PTX: .shared .align 16 .b8 workgroup_tile[25088];
// PTX-COUNT-2: bar.sync 0;

// SUM: output #0 300x48xf32: match, max abs err 0.00e+00
// Rows of 37 at a stride of 37, two trips of 16 and the last 5 after them.
// PROD-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1)
// PROD-IR: memref.get_global @workgroup_tile : memref<1184xf64, #gpu.address_space<workgroup>>
// PROD-IR: %[[MINE_AT:.*]] = arith.muli %thread_id_x, %c37 : index
// PROD-IR: %[[TOTAL:.*]] = scf.for %{{.*}} = %c0 to %c32 step %c16 iter_args
// PROD-IR-COUNT-16: arith.mulf
// PROD-IR: %[[REST:.*]] = arith.addi %[[MINE_AT]], %c32 : index
// PROD-IR-COUNT-5: memref.load
// PROD-IR-NEXT: arith.mulf %{{.*}}, %[[TOTAL]] : f64
// PROD-IR-COUNT-4: arith.mulf
// PROD-IR-NOT: arith.mulf
// PROD: output #0 77x37xf64: match, max abs err 0.00e+00
// MASKED: output #0 300x48xf32: match, max abs err 0.00e+00
// FLIPPED: output #0 300x48xf32: match, max abs err 0.00e+00
// REVERSE-IR: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0, 3>}
// REVERSE-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1) args(%arg0 : memref<300x48xf32>, %arg1 : memref<300x48xf32>)
// REVERSE-IR-NOT: gpu.launch_func
// The input read back to front as it is loaded, the output stored so.
// REVERSE-IR: %[[BACKIN:.*]] = arith.subi %c47, %{{.*}} : index
// REVERSE-IR-NEXT: memref.load %arg0[%{{.*}}, %[[BACKIN]]] : memref<300x48xf32>
// REVERSE-IR-COUNT-2: gpu.barrier
// REVERSE-IR: %[[BACK:.*]] = arith.subi %c47, %{{.*}} : index
// REVERSE-IR-NEXT: memref.store %{{.*}}, %arg1[%{{.*}}, %[[BACK]]] : memref<300x48xf32>
// REVERSE: output #0 300x48xf32: match, max abs err 0.00e+00
// EXCLUSIVE-IR: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 2>}
// EXCLUSIVE-IR-NOT: alloc
// EXCLUSIVE-IR: %[[SLICE:.*]] = memref.subview %arg0[0, 0] [300, 47] [1, 1]
// EXCLUSIVE-IR-NOT: alloc
// EXCLUSIVE-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1) args(%[[SLICE]] : memref<300x47xf32, strided<[48, 1]>>, %arg1 : memref<300x48xf32>)
// EXCLUSIVE-IR-NOT: gpu.launch_func
// EXCLUSIVE: output #0 300x48xf32: match, max abs err 0.00e+00
// MIDDLE: output #0 6x16x40xf32: match, max abs err 0.00e+00
// TOO-BIG: cannot build a scan kernel: a block's 256 rows of 37 need 75776 bytes of shared memory, more than 48 KB
