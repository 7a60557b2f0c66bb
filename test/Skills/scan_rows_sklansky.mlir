// The skill scan_rows_sklansky on the cumsum of a 4x1000 matrix (chunks of
// W = 512, segments of 2048, 256 threads): the triangular reduction
// (dispatch 1) becomes one kernel, a block a row, and the identity fill of
// its output (dispatch 0) is erased and recorded as folded. The row is
// loaded into registers, then shared memory (the identity past its end; a
// longer row's next segment is loaded while one is scanned), the chunks'
// partial prefixes come in log2(512) = 9 levels that skip each chunk's
// first block, thread 0 carries the total through each chunk's first
// element and positions 2^i - 1, and every other element takes the
// position before its highest bit (count leading zeros). Numerics, in the
// CPU emulation against the CPU reference (a sequential fold) on fresh
// random inputs: the f32 cumsum, an f64 cumprod of 127 rows of 4001 (chunks
// and segments ending past the row; the mask written j <= k), a vector, a
// masked cumsum (the product of two inputs computed as each element is
// loaded), a flipped one (the row read back to front, by index, as each
// element is loaded).
// The association itself, bit for bit: scan_rows_sklansky-order.test.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_sklansky", "params": {"W": 512, "SEG": 2048, "T": 256}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/cumsum_rows_4x1000.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/cumsum_rows_4x1000.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/cumsum_rows_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=51 | FileCheck %s --check-prefix=SUM
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_sklansky", "params": {"W": 256, "SEG": 1024, "T": 128}}]}' > %t.prod.plan.json
// RUN: ks-run %S/Inputs/cumprod_rows_127x4001_f64.mlir --emulate-gpu --plan=%t.prod.plan.json --seed=52 | FileCheck %s --check-prefix=PROD
// RUN: ks-run %S/Inputs/cumsum_vector_300.mlir --emulate-gpu --plan=%t.plan.json --seed=53 | FileCheck %s --check-prefix=VECTOR
// RUN: ks-run %S/Inputs/masked_cumsum_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=54 | FileCheck %s --check-prefix=MASKED
// RUN: ks-opt %S/Inputs/masked_cumsum_4x1000.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=MASKED-IR
// RUN: ks-run %S/Inputs/flipped_cumsum_4x1000.mlir --emulate-gpu --plan=%t.plan.json --seed=55 | FileCheck %s --check-prefix=FLIPPED
// RUN: ks-opt %S/Inputs/flipped_cumsum_4x1000.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=FLIPPED-IR

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: func.func @main
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// CHECK: %[[BUF:.*]] = memref.get_global @workgroup_tile : memref<2048xf32, #gpu.address_space<workgroup>>
// A thread's 8 elements (i * 256 + tx) all loaded before any is stored
// (a vector of registers, folded away).
// CHECK: memref.load %arg0[%block_id_x, %thread_id_x] : memref<4x1000xf32>
// CHECK-NOT: memref.store
// CHECK-COUNT-7: memref.load %arg0[%block_id_x, %{{.*}}] : memref<4x1000xf32>
// CHECK: memref.store %{{.*}}, %[[BUF]][%thread_id_x]
// CHECK-COUNT-7: memref.store %{{.*}}, %[[BUF]][%{{.*}}]
// CHECK: gpu.barrier
// The levels: the upper half of a 2s block takes the lower half's last
// element, unless the block starts a chunk (offset in a chunk of 512 zero).
// CHECK: scf.for %[[LEVEL:.*]] = %c0 to %c9 step %c1 {
// CHECK: arith.andi %{{.*}}, %c511 : index
// CHECK: arith.cmpi ne
// CHECK: arith.addf
// CHECK: gpu.barrier
// Thread 0's chain: a chunk's first element and its 2^i - 1 positions, all
// 10 loaded, then combined in order, then stored.
// CHECK: scf.if
// CHECK: scf.for %[[C:.*]] = %c0 to %c2048 step %c512 iter_args(%[[TOTAL:.*]] = %cst) -> (f32)
// CHECK: %[[Q0:.*]] = memref.load %[[BUF]][%[[C]]]
// CHECK: %[[P1:.*]] = arith.addi %[[C]], %c1 : index
// CHECK: %[[Q1:.*]] = memref.load %[[BUF]][%[[P1]]]
// CHECK: %[[P511:.*]] = arith.addi %[[C]], %c511 : index
// CHECK: %[[Q511:.*]] = memref.load %[[BUF]][%[[P511]]]
// CHECK: %[[O0:.*]] = arith.addf %[[Q0]], %[[TOTAL]] : f32
// CHECK-NEXT: %[[O1:.*]] = arith.addf %[[Q1]], %[[O0]] : f32
// CHECK-COUNT-8: arith.addf
// CHECK: memref.store %[[O0]], %[[BUF]][%[[C]]]
// CHECK-COUNT-9: memref.store
// CHECK: scf.yield
// CHECK: gpu.barrier
// CHECK: math.ctlz
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %arg1[%block_id_x, %{{.*}}] : memref<4x1000xf32>
// CHECK-NOT: linalg.
// CHECK: memref.global "private" @workgroup_tile : memref<2048xf32, #gpu.address_space<workgroup>>

// PTX: .shared .align 16 .b8 workgroup_tile[8192];
// PTX: bar.sync 0;
// PTX: clz.b32

// SUM: output #0 4x1000xf32: match
// PROD: output #0 127x4001xf64: match
// VECTOR: output #0 300xf32: match
// MASKED: output #0 4x1000xf32: match
// MASKED-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1)
// MASKED-IR: %[[X:.*]] = memref.load %arg0[%block_id_x, %[[COL:.*]]] : memref<4x1000xf32>
// MASKED-IR-NEXT: %[[M:.*]] = memref.load %arg1[%block_id_x, %[[COL]]] : memref<4x1000xf32>
// MASKED-IR-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[M]] : f32
// MASKED-IR-NEXT: scf.yield %[[P]] : f32
// FLIPPED: output #0 4x1000xf32: match
// FLIPPED-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1)
// FLIPPED-IR-NOT: gpu.launch_func
// FLIPPED-IR: %[[ROW:.*]] = arith.remui %block_id_x, %c4 : index
// FLIPPED-IR-NEXT: %[[BACK:.*]] = arith.subi %c999, %{{.*}} : index
// FLIPPED-IR-NEXT: memref.load %arg0[%[[ROW]], %[[BACK]]] : memref<4x1000xf32>
