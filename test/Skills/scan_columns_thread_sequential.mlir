// The skill scan_columns_thread_sequential on scans along a dim other than
// the innermost, as the frontend imports them (the triangular mask built in
// place, no transposes). A cumsum over dim 1 of 5x37x6x40 (C = 128, S = 1,
// U = 8): the output seen as 5 rows of 37 x 240 (the two dims after the
// scanned one collapsed), one kernel of ceil(1200 / 128) = 10 blocks, the
// identity fill of its output (dispatch 0) erased and recorded as folded.
// Thread tx of block b takes column b * 128 + tx, row col / 240, inner
// place col % 240 (consecutive threads on consecutive places: coalesced),
// and walks it in order, 8 loads a trip issued before their 8 combines
// (each combined as the seed combines it: the element, then the running
// value) and 8 stores, then the last 5. With S = 4 (C = 32, U = 4), a
// cumsum over dim 0 of 300x160 (a leading unit row added to the views):
// each column split into 4 chunks of 76 (the last overrunning the column:
// guarded, read as the identity), each folded into a partial in shared
// memory, and after a barrier each chunk rescanned from the fold of the
// partials before it. Numerics, in the CPU emulation against the CPU
// reference on fresh random inputs: S = 1 is the seed's association (no
// error at all); S > 1 (also on the middle-dim cumsum with rows > 1 and on
// an f64 cumprod, lengths not multiples of S * U) associates by chunks.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_columns_thread_sequential", "params": {"C": 128, "S": 1, "U": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/cumsum_middle_5x37x6x40.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/cumsum_middle_5x37x6x40.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/cumsum_middle_5x37x6x40.mlir --emulate-gpu --plan=%t.plan.json --seed=81 | FileCheck %s --check-prefix=MIDDLE
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_columns_thread_sequential", "params": {"C": 32, "S": 4, "U": 4}}]}' > %t.chunks.plan.json
// RUN: ks-opt %S/Inputs/cumsum_dim0_300x160.mlir --ks-seed-lowering="plan=%t.chunks.plan.json" | FileCheck %s --check-prefix=CHUNKS
// RUN: rm -rf %t.chunks.ptx && ks-opt %S/Inputs/cumsum_dim0_300x160.mlir --ks-compile="plan=%t.chunks.plan.json ptx-dir=%t.chunks.ptx" -o %t.chunks.gpu.mlir
// RUN: FileCheck %s --check-prefix=CHUNKS-PTX < %t.chunks.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/cumsum_dim0_300x160.mlir --emulate-gpu --plan=%t.chunks.plan.json --seed=82 | FileCheck %s --check-prefix=DIM0-CHUNKS
// RUN: ks-run %S/Inputs/cumsum_dim0_300x160.mlir --emulate-gpu --plan=%t.plan.json --seed=83 | FileCheck %s --check-prefix=DIM0
// RUN: ks-run %S/Inputs/cumsum_middle_5x37x6x40.mlir --emulate-gpu --plan=%t.chunks.plan.json --seed=84 | FileCheck %s --check-prefix=MIDDLE-CHUNKS
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_columns_thread_sequential", "params": {"C": 64, "S": 1, "U": 16}}]}' > %t.prod.plan.json
// RUN: ks-run %S/Inputs/cumprod_middle_7x45x50_f64.mlir --emulate-gpu --plan=%t.prod.plan.json --seed=85 | FileCheck %s --check-prefix=PROD
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_columns_thread_sequential", "params": {"C": 32, "S": 2, "U": 8}}]}' > %t.prod.chunks.plan.json
// RUN: ks-run %S/Inputs/cumprod_middle_7x45x50_f64.mlir --emulate-gpu --plan=%t.prod.chunks.plan.json --seed=86 | FileCheck %s --check-prefix=PROD-CHUNKS
// A scan along the innermost dim is the row scans': refused, naming why.
// RUN: not ks-opt %S/Inputs/cumsum_rows_300x48.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ROWS

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: func.func @main
// CHECK-NOT: linalg.transpose
// CHECK: %[[X:.*]] = memref.collapse_shape %arg0 {{\[\[}}0], [1], [2, 3]] : memref<5x37x6x40xf32> into memref<5x37x240xf32>
// CHECK: %[[Y:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3]] : memref<5x37x6x40xf32> into memref<5x37x240xf32>
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c10, %c1, %c1) threads in (%c128, %c1, %c1) args(%[[X]] : memref<5x37x240xf32>, %[[Y]] : memref<5x37x240xf32>)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// CHECK-NOT: workgroup
// CHECK: %[[FIRST:.*]] = arith.muli %block_id_x, %c128 : index
// CHECK-NEXT: %[[COL:.*]] = arith.addi %[[FIRST]], %thread_id_x : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[COL]], %c1200 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[COL]], %c240 : index
// CHECK-NEXT: %[[IN:.*]] = arith.remui %[[COL]], %c240 : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: %[[TOTAL:.*]] = scf.for %[[J:.*]] = %c0 to %c32 step %c8 iter_args(%[[ACC:.*]] = %cst) -> (f32) {
// CHECK-NEXT: %[[V0:.*]] = memref.load %arg0[%[[ROW]], %[[J]], %[[IN]]] : memref<5x37x240xf32>
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]], %c1 : index
// CHECK-NEXT: %[[V1:.*]] = memref.load %arg0[%[[ROW]], %[[J1]], %[[IN]]] : memref<5x37x240xf32>
// CHECK-COUNT-6: memref.load %arg0
// CHECK-NEXT: %[[A0:.*]] = arith.addf %[[V0]], %[[ACC]] : f32
// CHECK-NEXT: %[[A1:.*]] = arith.addf %[[V1]], %[[A0]] : f32
// CHECK-COUNT-6: arith.addf
// CHECK-NEXT: memref.store %[[A0]], %arg1[%[[ROW]], %[[J]], %[[IN]]] : memref<5x37x240xf32>
// CHECK-NEXT: memref.store %[[A1]], %arg1[%[[ROW]], %[[J1]], %[[IN]]] : memref<5x37x240xf32>
// CHECK-COUNT-6: memref.store
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// The last 5 elements (37 = 4 trips of 8 and 5).
// CHECK-NEXT: %[[T0:.*]] = memref.load %arg0[%[[ROW]], %c32, %[[IN]]]
// CHECK-COUNT-4: memref.load %arg0
// CHECK-NEXT: arith.addf %[[T0]], %[[TOTAL]] : f32
// CHECK-COUNT-4: arith.addf
// CHECK-COUNT-5: memref.store
// CHECK-NOT: gpu.barrier
// CHECK-NOT: linalg.

// PTX-NOT: .shared
// PTX: .entry main_kernel
// PTX-NOT: bar.sync
// PTX: ret;

// The column of 300 as 4 chunks of 76 (19 trips of 4), the last past its
// end: the views get a leading unit row.
// CHUNKS: %[[X:.*]] = memref.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [1, 300, 160] : memref<300x160xf32> into memref<1x300x160xf32>
// CHUNKS: gpu.launch_func @main_kernel::@main_kernel blocks in (%c5, %c1, %c1) threads in (%c128, %c1, %c1) args(%[[X]] : memref<1x300x160xf32>
// CHUNKS: %[[LANE:.*]] = arith.remui %thread_id_x, %c32 : index
// CHUNKS: %[[PARTS:.*]] = memref.get_global @workgroup_tile : memref<128xf32, #gpu.address_space<workgroup>>
// CHUNKS-NEXT: %[[CHUNK:.*]] = arith.divui %thread_id_x, %c32 : index
// CHUNKS-NEXT: %[[START:.*]] = arith.muli %[[CHUNK]], %c76 : index
// Pass 1: the chunk folded, guarded loads, nothing stored.
// CHUNKS-NEXT: %[[PARTIAL:.*]] = scf.if
// CHUNKS-NEXT: scf.for %[[T:.*]] = %c0 to %c76 step %c4
// CHUNKS-NEXT: %[[P:.*]] = arith.addi %[[START]], %[[T]] : index
// CHUNKS-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[P]], %c300 : index
// CHUNKS-NEXT: scf.if %[[IN]] -> (f32) {
// CHUNKS-NEXT: memref.load %arg0
// CHUNKS-NOT: memref.store
// CHUNKS: memref.store %[[PARTIAL]], %[[PARTS]][%thread_id_x]
// CHUNKS-NEXT: gpu.barrier
// The carry-in: partials 0, 1, 2 of the column, in order, as many as the
// chunks before this one.
// CHUNKS-NEXT: %[[B0:.*]] = memref.load %[[PARTS]][%[[LANE]]]
// CHUNKS-NEXT: %[[BEFORE0:.*]] = arith.cmpi ugt, %[[CHUNK]], %c0 : index
// CHUNKS-NEXT: %[[C0:.*]] = arith.select %[[BEFORE0]], %[[B0]], %cst : f32
// CHUNKS-NEXT: %[[AT1:.*]] = arith.addi %[[LANE]], %c32 : index
// CHUNKS-NEXT: %[[B1:.*]] = memref.load %[[PARTS]][%[[AT1]]]
// CHUNKS-NEXT: %[[A1:.*]] = arith.addf %[[B1]], %[[C0]] : f32
// CHUNKS-NEXT: %[[BEFORE1:.*]] = arith.cmpi ugt, %[[CHUNK]], %c1 : index
// CHUNKS-NEXT: %[[C1:.*]] = arith.select %[[BEFORE1]], %[[A1]], %[[C0]] : f32
// CHUNKS: %[[C2:.*]] = arith.select %{{.*}}, %{{.*}}, %[[C1]] : f32
// Pass 2: the chunk rescanned from its carry-in, the outputs stored.
// CHUNKS-NEXT: scf.if
// CHUNKS-NEXT: scf.for %{{.*}} = %c0 to %c76 step %c4 iter_args(%{{.*}} = %[[C2]])
// CHUNKS: scf.if %{{[0-9]+}} {
// CHUNKS-NEXT: memref.store %{{.*}}, %arg1
// CHUNKS: memref.global "private" @workgroup_tile : memref<128xf32, #gpu.address_space<workgroup>>

// CHUNKS-PTX: .shared .align 16 .b8 workgroup_tile[512];
// CHUNKS-PTX: bar.sync 0;

// MIDDLE: output #0 5x37x6x40xf32: match, max abs err 0.00e+00
// DIM0: output #0 300x160xf32: match, max abs err 0.00e+00
// DIM0-CHUNKS: output #0 300x160xf32: match
// MIDDLE-CHUNKS: output #0 5x37x6x40xf32: match
// PROD: output #0 7x45x50xf64: match, max abs err 0.00e+00
// PROD-CHUNKS: output #0 7x45x50xf64: match
// ROWS: cannot build a scan kernel: the scan runs along the innermost dim: a row scan's (transform.ks.scan_rows_thread, scan_rows_warp, scan_rows) to take
