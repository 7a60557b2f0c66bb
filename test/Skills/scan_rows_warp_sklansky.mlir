// The skill scan_rows_warp_sklansky on the cumsum of a 4x1000 matrix (chunks
// of W = 512, 256 threads: a segment of 8 chunks, 16 elements a lane): the
// triangular reduction (dispatch 1) becomes one kernel, a block a row, and
// the identity fill of its output (dispatch 0) is erased and recorded as
// folded. A warp loads its chunk coalesced (16 loads, the identity past the
// row's end) into a padded buffer (33 places every 32: 8 x 528 = 4224),
// reads its 16 consecutive elements back, runs the 4 levels within a lane
// as additions (lane 0's first blocks kept for the running total) and the
// 5 across lanes as one shuffle each; lane 0 and lanes 2^j - 1 leave the
// chunk's 10 spine values in shared memory (8 x 10 = 80), thread 0 carries
// the total through them, and every element takes one of them; the chunk
// goes back through the buffer to coalesced stores. Numerics, in the CPU
// emulation against the CPU reference (a sequential fold) on fresh random
// inputs: the f32 cumsum, an f64 cumprod of 127 rows of 4001 (W 256, its
// shuffles in 32-bit halves), a vector, a masked cumsum, a flipped one, and
// KernelBench's reverse cumsum (its last flip done by the kernel's stores:
// that copy's dispatch folded) and exclusive cumsum (FOLD = 1: the shifted
// rows read from the input, a zero before the first, the concat's copies
// folded), each one kernel.
// With CW = 4 chunks a warp (W = 32, 64 threads): a segment of 8 chunks
// (264 padded places, 8 x 6 spine values), a lane's 4 elements in flight,
// the 4 chunks' 5 shuffle levels interleaved, thread 0's chain through all 8.
// The association itself, bit for bit: scan_rows_warp_sklansky-order.test.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 256}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/cumsum_rows_4x1000.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/cumsum_rows_4x1000.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/cumsum_rows_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=71 | FileCheck %s --check-prefix=SUM
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 256, "T": 128}}]}' > %t.prod.plan.json
// RUN: ks-run %S/Inputs/cumprod_rows_127x4001_f64.mlir --emulate-gpu --plan=%t.prod.plan.json --seed=72 | FileCheck %s --check-prefix=PROD
// RUN: ks-run %S/Inputs/cumsum_vector_300.mlir --emulate-gpu --plan=%t.plan.json --seed=73 | FileCheck %s --check-prefix=VECTOR
// RUN: ks-run %S/Inputs/masked_cumsum_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=74 | FileCheck %s --check-prefix=MASKED
// RUN: ks-run %S/Inputs/flipped_cumsum_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=75 | FileCheck %s --check-prefix=FLIPPED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 32, "T": 64, "CW": 4}}]}' > %t.cw.plan.json
// RUN: ks-opt %S/Inputs/cumsum_rows_4x1000.mlir --ks-seed-lowering="plan=%t.cw.plan.json" | FileCheck %s --check-prefix=CW
// RUN: ks-run %S/Inputs/cumsum_rows_4x1000.mlir --emulate-gpu --plan=%t.cw.plan.json --seed=78 | FileCheck %s --check-prefix=SUM
// RUN: echo '{"dispatches": [{"id": 2, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 256}}]}' > %t.reverse.plan.json
// RUN: ks-opt %S/Inputs/reverse_cumsum_4x1000.mlir --ks-seed-lowering="plan=%t.reverse.plan.json" | FileCheck %s --check-prefix=REVERSE-IR
// RUN: ks-run %S/Inputs/reverse_cumsum_4x1000.mlir --emulate-gpu --plan=%t.reverse.plan.json --seed=76 | FileCheck %s --check-prefix=REVERSE
// RUN: echo '{"dispatches": [{"id": 3, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 256, "FOLD": 1}}]}' > %t.exclusive.plan.json
// RUN: ks-opt %S/Inputs/exclusive_cumsum_4x1000.mlir --ks-seed-lowering="plan=%t.exclusive.plan.json" | FileCheck %s --check-prefix=EXCLUSIVE-IR
// RUN: ks-run %S/Inputs/exclusive_cumsum_4x1000.mlir --emulate-gpu --plan=%t.exclusive.plan.json --seed=77 | FileCheck %s --check-prefix=EXCLUSIVE

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: func.func @main
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// CHECK: %[[BUF:.*]] = memref.get_global @workgroup_tile : memref<4224xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SPINE:.*]] = memref.get_global @workgroup_tile_0 : memref<80xf32, #gpu.address_space<workgroup>>
// CHECK: %[[WARP:.*]] = arith.divui %thread_id_x, %c32 : index
// CHECK: %[[LANE:.*]] = arith.remui %thread_id_x, %c32 : index
// CHECK: %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// CHECK: %[[THREAD0:.*]] = arith.cmpi eq, %thread_id_x, %c0 : index
// CHECK: %[[CHUNK:.*]] = arith.muli %[[WARP]], %c512 : index
// CHECK: %[[COL:.*]] = arith.addi %[[CHUNK]], %[[LANE]] : index
// CHECK: %[[PAD:.*]] = arith.muli %[[WARP]], %c528 : index
// CHECK: %[[COALESCED:.*]] = arith.addi %[[PAD]], %[[LANE]] : index
// Coalesced: a lane's elements 32 apart, all loaded before any is stored.
// CHECK: memref.load %arg0[%block_id_x, %[[COL]]] : memref<4x1000xf32>
// CHECK-NOT: memref.store
// CHECK-COUNT-15: memref.load %arg0[%block_id_x, %{{.*}}] : memref<4x1000xf32>
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[COALESCED]]]
// CHECK-COUNT-15: memref.store %{{.*}}, %[[BUF]][%{{.*}}]
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-16: memref.load %[[BUF]]
// Level 0 within a lane: lane 0 keeps its element 1 for the running total.
// CHECK: %[[L0:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.select %[[LANE0]], %{{.*}}, %[[L0]] : f32
// The five levels across lanes, one shuffle each.
// CHECK-COUNT-5: gpu.shuffle  idx
// CHECK-NOT: gpu.shuffle
// The spine: lane 0's positions 0, 1, 3, 7, 15, then lanes 1, 3, 7, 15, 31.
// CHECK: scf.if %[[LANE0]] {
// CHECK-COUNT-5: memref.store %{{.*}}, %[[SPINE]]
// CHECK: }
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %[[SPINE]]
// CHECK: gpu.barrier
// Thread 0's chain through the 8 chunks, 10 positions each.
// CHECK: scf.if %[[THREAD0]] {
// CHECK-COUNT-10: memref.load %[[SPINE]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[SPINE]]
// CHECK-COUNT-16: memref.store %{{.*}}, %[[BUF]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[BUF]][%[[COALESCED]]]
// CHECK: memref.store %{{.*}}, %arg1[%block_id_x, %[[COL]]] : memref<4x1000xf32>
// CHECK-NOT: linalg.
// CHECK: memref.global "private" @workgroup_tile : memref<4224xf32, #gpu.address_space<workgroup>>

// PTX: .shared .align 16 .b8 workgroup_tile[16896];
// PTX: bar.sync 0;
// PTX: shfl.sync.idx.b32

// SUM: output #0 4x1000xf32: match
// PROD: output #0 127x4001xf64: match
// VECTOR: output #0 300xf32: match
// MASKED: output #0 4x1000xf32: match
// FLIPPED: output #0 4x1000xf32: match
// REVERSE-IR: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0, 3>}
// REVERSE-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%arg0 : memref<4x1000xf32>, %arg1 : memref<4x1000xf32>)
// REVERSE-IR-NOT: gpu.launch_func
// The input read back to front as it is loaded, the output stored so.
// REVERSE-IR: %[[BACKIN:.*]] = arith.subi %c999, %{{.*}} : index
// REVERSE-IR-NEXT: memref.load %arg0[%{{.*}}, %[[BACKIN]]] : memref<4x1000xf32>
// REVERSE-IR-COUNT-4: gpu.barrier
// REVERSE-IR: %[[BACK:.*]] = arith.subi %c999, %{{.*}} : index
// REVERSE-IR-NEXT: memref.store %{{.*}}, %arg1[%block_id_x, %[[BACK]]] : memref<4x1000xf32>
// REVERSE: output #0 4x1000xf32: match
// EXCLUSIVE-IR: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 2>}
// The shifted buffer, kept only for the reduction loop's size, goes with the
// scan (nothing reads it: canonicalization erases it).
// EXCLUSIVE-IR-NOT: alloc
// EXCLUSIVE-IR: %[[SLICE:.*]] = memref.subview %arg0[0, 0] [4, 999] [1, 1]
// EXCLUSIVE-IR-NOT: alloc
// EXCLUSIVE-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%[[SLICE]] : memref<4x999xf32, strided<[1000, 1]>>, %arg1 : memref<4x1000xf32>)
// EXCLUSIVE-IR-NOT: gpu.launch_func
// EXCLUSIVE-IR: %[[BEFORE:.*]] = affine.apply #map()[%{{.*}}]
// EXCLUSIVE-IR-NEXT: %[[FROM0:.*]] = arith.cmpi sge, %[[BEFORE]], %c0 : index
// EXCLUSIVE-IR: %[[X:.*]] = memref.load %arg0[%{{.*}}, %{{.*}}] : memref<4x999xf32, strided<[1000, 1]>>
// EXCLUSIVE-IR-NEXT: arith.select %{{.*}}, %[[X]], %cst : f32
// EXCLUSIVE: output #0 4x1000xf32: match

// CW: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
// CW: memref.get_global @workgroup_tile : memref<264xf32, #gpu.address_space<workgroup>>
// CW: %[[CWSPINE:.*]] = memref.get_global @workgroup_tile_0 : memref<48xf32, #gpu.address_space<workgroup>>
// CW-COUNT-4: memref.load %arg0[%block_id_x, %{{.*}}] : memref<4x1000xf32>
// CW: scf.for %{{.*}} = %c0 to %c1024 step %c256 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, vector<4xf32>)
// CW-COUNT-4: memref.load %arg0[%block_id_x, %{{.*}}] : memref<4x1000xf32>
// CW: gpu.barrier
// CW-COUNT-20: gpu.shuffle  idx
// CW-NOT: gpu.shuffle
// CW: gpu.barrier
// CW: scf.if
// CW-COUNT-48: memref.load %[[CWSPINE]][%c{{[0-9]+}}]
// CW: gpu.barrier
