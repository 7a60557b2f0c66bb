// The skill pool_window_registers on 3x3 max pooling with stride 2 (2x4x9x16
// outputs): 3 rows x 2 columns per thread, 8 threads covering a row of 16,
// blocks over row groups x channels x images (3 x 4 x 2). Each thread's
// 3x2 maxima start from the -inf fill computed into its private buffer
// (the fill kernel is gone), the window is walked outside the rows and
// columns (loops n, c, kh, kw, oh, ow), and the results are written once.
// In the PTX the 7 x 5 inputs under a thread's 3 x 2 windows load once each,
// max.NaN.f32, no local memory. Emulated numerics for max and for sum
// pooling.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=pool_window_registers params=TX=8,RT=3,CT=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_window_registers", "params": {"TX": 8, "RT": 3, "CT": 2}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/maxpool_2x4x20x34.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/maxpool_2x4x20x34.mlir --emulate-gpu --plan=%t.plan.json --seed=17 | FileCheck %s --check-prefix=EMULATED
// FOLD = 1 on max_pool1d's -inf padded input (level1/40 at its SMALL
// sizes): one kernel, reading the input in place (the border checked per
// element, a clamped load); the padding's fill and copy (dispatches 0, 1)
// and the result's copy are gone.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_window_registers", "params": {"TX": 128, "RT": 1, "CT": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/Inputs/maxpool1d_padded_2x4x512.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=18 | FileCheck %s --check-prefix=FOLDED
// RUN: ks-opt %S/Inputs/maxpool1d_padded_2x4x512.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=FOLDED-IR
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_window_registers", "params": {"TX": 16, "RT": 2, "CT": 1}}]}' > %t.sum.json
// RUN: ks-run %S/Inputs/sumpool_2x4x8x32.mlir --emulate-gpu --plan=%t.sum.json --seed=18 | FileCheck %s --check-prefix=EMULATED
// Average pooling (Inputs/avgpool_2x4x8x32.mlir): with EPI = 1 (the
// default) the division by the window's 4 elements, in place on the sums,
// runs on the sums in registers as the thread writes them: one kernel, the
// division's dispatch folded; with EPI = 0 it keeps its kernel. Both match
// the CPU reference.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_window_registers", "params": {"TX": 16, "RT": 2, "CT": 1}}]}' > %t.avg.json
// RUN: ks-opt %S/Inputs/avgpool_2x4x8x32.mlir --ks-seed-lowering="plan=%t.avg.json" | FileCheck %s --check-prefix=AVG
// RUN: ks-run %S/Inputs/avgpool_2x4x8x32.mlir --emulate-gpu --plan=%t.avg.json --seed=19 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_window_registers", "params": {"TX": 16, "RT": 2, "CT": 1, "EPI": 0}}]}' > %t.avg0.json
// RUN: ks-opt %S/Inputs/avgpool_2x4x8x32.mlir --ks-seed-lowering="plan=%t.avg0.json" | FileCheck %s --check-prefix=AVG0
// RUN: ks-run %S/Inputs/avgpool_2x4x8x32.mlir --emulate-gpu --plan=%t.avg0.json --seed=19 | FileCheck %s --check-prefix=EMULATED
// The division by the count of the window's elements inside the input
// (count_include_pad=False, Inputs/avgpool_exclude_pad_2x3x12x20.mlir)
// reads its element's place: folded too, at the tile's row and column
// plus the place in the tile, on a 3 x 2 tile that does not divide the
// rows evenly from the border; it matches the CPU reference.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_window_registers", "params": {"TX": 10, "RT": 3, "CT": 2, "FOLD": 1}}]}' > %t.place.json
// RUN: ks-opt %S/Inputs/avgpool_exclude_pad_2x3x12x20.mlir --ks-seed-lowering="plan=%t.place.json" | FileCheck %s --check-prefix=PLACE
// RUN: ks-run %S/Inputs/avgpool_exclude_pad_2x3x12x20.mlir --emulate-gpu --plan=%t.place.json --seed=23 | FileCheck %s --check-prefix=EMULATED
// An epilogue whose loop walks a merged group of the result's dimensions
// (h and w as one of 240) reads its place there as the tile's row and
// column in the result, linearized: (r + 3 bx) * 20 + (c + 2 tx).
// RUN: ks-opt %S/Inputs/avgpool_place_collapsed_2x3x12x20.mlir --ks-apply-skills="dispatch=1 skill=pool_window_registers params=TX=10,RT=3,CT=2" | FileCheck %s --check-prefix=COLLAPSED

// CHECK-NOT: linalg.fill {{.*}}ks.dispatch = 0
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c3, {{.*}} = %c4, {{.*}} = %c2) threads({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1)
// CHECK: %[[OUT:.*]] = memref.subview %arg1
// CHECK: %[[TILE:.*]] = memref.subview %[[OUT]]{{.*}} [1, 1, 3, 2]
// CHECK: %[[PRIV:.*]] = memref.view {{.*}} to memref<1x1x3x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[PRIV]] : memref<1x1x3x2xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel"]{{.*}} outs(%[[PRIV]] : memref<1x1x3x2xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.copy ins(%[[PRIV]] : memref<1x1x3x2xf32>) outs(%[[TILE]]
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "pool_window_registers"}

// One kernel: the fill is computed in the pooling's threads.
// HOST-COUNT-1: gpu.launch_func
// HOST-NOT: gpu.launch_func
// HOST: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// The 7 x 5 inputs under a thread's 3 x 2 windows load once each.
// PTX-COUNT-35: ld.global.b32
// PTX-NOT: ld.global
// PTX-DAG: max.NaN.f32
// PTX: st.global.b32

// NOLOCAL-NOT: .local
func.func @main(%x: memref<2x4x20x34xf32>, %y: memref<2x4x9x16xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%ninf : f32) outs(%y : memref<2x4x9x16xf32>)
  %w = memref.alloc() : memref<3x3xf32>
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, ks.dispatch = 1 : i64, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : memref<2x4x20x34xf32>, memref<3x3xf32>) outs(%y : memref<2x4x9x16xf32>)
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

// FOLDED: output #0 2x4x256xf32: match
// FOLDED-IR: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// FOLDED-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c4, %c2) threads in (%c128, %c1, %c1)
// FOLDED-IR-NOT: gpu.launch_func
// FOLDED-IR: arith.cmpi sge
// FOLDED-IR: arith.cmpi sle, %{{.*}}, %c511
// FOLDED-IR: arith.minsi
// FOLDED-IR: memref.load %arg1[{{.*}}] : memref<2x4x1x512xf32>
// FOLDED-IR: arith.select
// FOLDED-IR: arith.maximumf

// AVG: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2>}
// AVG: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c4, %c2) threads in (%c16, %c1, %c1)
// AVG-NOT: gpu.launch_func
// AVG-LABEL: gpu.module @main_kernel
// AVG: %[[SUM:.*]] = arith.addf
// AVG: memref.store %[[SUM]], %[[PRIV:.*]][%c0, %c0, %{{.*}}, %c0] : memref<1x1x2x1xf32>
// AVG: %[[S:.*]] = memref.load %[[PRIV]]
// AVG-NEXT: %[[AVG:.*]] = arith.divf %[[S]], %{{.*}} : f32
// AVG-NEXT: memref.store %[[AVG]], %{{.*}} : memref<1x1x2x1xf32, strided<[256, 64, 16, 1], offset: ?>>

// PLACE: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 4>}
// PLACE: gpu.launch_func @main_kernel::@main_kernel
// PLACE-NOT: gpu.launch_func
// PLACE-LABEL: gpu.module @main_kernel
// PLACE: %[[ROW0:.*]] = affine.apply #map()[%block_id_x
// PLACE: %[[COL0:.*]] = affine.apply #map1()[%thread_id_x
// PLACE: arith.addf
// PLACE: memref.store {{.*}}, %view
// PLACE: scf.parallel (%[[R:.*]], %[[C:.*]]) = (%c0, %c0) to (%c3, %c2)
// PLACE-NEXT: %[[S:.*]] = memref.load %view[%c0, %c0, %[[R]], %[[C]]] : memref<1x1x3x2xf32>
// PLACE-NEXT: %[[ROW:.*]] = arith.addi %[[R]], %[[ROW0]] : index
// PLACE-NEXT: %[[COL:.*]] = arith.addi %[[C]], %[[COL0]] : index
// PLACE-NEXT: arith.index_cast %[[ROW]] : index to i64
// PLACE: arith.index_cast %[[COL]] : index to i64
// PLACE: %[[N:.*]] = arith.sitofp
// PLACE-NEXT: %[[QUOTIENT:.*]] = arith.divf %[[S]], %[[N]] : f32
// PLACE-NEXT: memref.store %[[QUOTIENT]], %{{.*}} : memref<1x1x3x2xf32, strided<[720, 240, 20, 1], offset: ?>>

// COLLAPSED: module attributes {ks.folded_dispatches = array<i64: 2>}
// COLLAPSED: %[[C20:.*]] = arith.constant 20 : index
// COLLAPSED: iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel"]
// COLLAPSED: %[[ROW0:.*]] = affine.apply #map()[%block_id_x]
// COLLAPSED: %[[COL0:.*]] = affine.apply #map1()[%thread_id_x]
// COLLAPSED-NEXT: linalg.generic {{.*}} ins(%view : memref<1x1x3x2xf32>)
// COLLAPSED: %[[R:.*]] = linalg.index 2 : index
// COLLAPSED-NEXT: %[[ROW:.*]] = arith.addi %[[R]], %[[ROW0]] : index
// COLLAPSED-NEXT: %[[C:.*]] = linalg.index 3 : index
// COLLAPSED-NEXT: %[[COL:.*]] = arith.addi %[[C]], %[[COL0]] : index
// COLLAPSED-NEXT: %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C20]] : index
// COLLAPSED-NEXT: %[[LINEAR:.*]] = arith.addi %[[ROWS]], %[[COL]] : index
// COLLAPSED-NEXT: arith.index_cast %[[LINEAR]] : index to i64
// COLLAPSED-NOT: ks.dispatch = 2

// AVG0-NOT: ks.folded_dispatches
// AVG0-COUNT-2: gpu.launch_func
