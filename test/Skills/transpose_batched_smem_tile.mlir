// The skill transpose_batched_smem_tile on a channels-last layout change,
// [3, 24, 1, 8, 12] -> [3, 8, 12, 1, 24]: ks-collapse-transpose-dims makes it
// the batched transpose [3, 24, 96] -> [3, 96, 24], permutation [0, 2, 1].
// 24 x 24 tiles (TI = TJ = 24: the 24 channels in one tile, no partial
// ones), the batch on the grid's z, loop 1's 4 tiles on x: grid 4 x 1 x 3,
// 24 x 8 threads. Each thread copies 3 input rows of its column into the
// shared tile (neighbouring threads on neighbouring input columns), a
// barrier, then writes 3 output rows of its column (neighbouring threads on
// neighbouring output columns) from the shared tile, whose rows are 25
// elements: a column's elements sit in different banks.
// REQUIRES: ptxas
// RUN: ks-opt %S/Inputs/transpose_batched_3x24x96.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: ks-opt %S/Inputs/transpose_batched_3x24x96.mlir --ks-dispatches | ks-opt --ks-apply-skills="dispatch=0 skill=transpose_batched_smem_tile params=TI=24,TJ=24,TX=24,TY=8" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 0, "skill": "transpose_batched_smem_tile", "params": {"TI": 24, "TJ": 24, "TX": 24, "TY": 8}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/transpose_batched_3x24x96.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/transpose_batched_3x24x96.mlir --emulate-gpu --plan=%t.plan.json --seed=20 | FileCheck %s --check-prefix=EMULATED
// The features the planner sees: three loops, the batched transpose class.
// RUN: ks-opt %S/Inputs/transpose_batched_3x24x96.mlir --ks-dispatches | ks-opt --ks-print-features | FileCheck %s --check-prefix=FEATURES

// DISPATCH: %[[IN:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2], [3, 4]] : memref<3x24x1x8x12xf32> into memref<3x24x96xf32>
// DISPATCH: %[[OUT:.*]] = memref.collapse_shape %arg1 {{\[}}[0], [1, 2, 3], [4]] : memref<3x8x12x1x24xf32> into memref<3x96x24xf32>
// DISPATCH: linalg.transpose ins(%[[IN]] : memref<3x24x96xf32>) outs(%[[OUT]] : memref<3x96x24xf32>) permutation = [0, 2, 1] {ks.dispatch = 0 : i64}

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1{{.*}}, {{.*}} = %c3) threads({{.*}}) in ({{.*}} = %c24, {{.*}} = %c8, {{.*}})
// CHECK: %[[BYTES:.*]] = memref.get_global @[[G:.*]] : memref<2400xi8, #gpu.address_space<workgroup>>
// CHECK: %[[TILE:.*]] = memref.view %[[BYTES]]{{.*}} to memref<1x24x25xf32, #gpu.address_space<workgroup>>
// CHECK: %[[TX:.*]] = gpu.thread_id  x
// CHECK: %[[IN:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] [1, 3, 1] [1, 1, 1] : memref<3x24x96xf32>
// CHECK: %[[TO:.*]] = memref.subview %{{.*}}[0, %{{.*}}, %[[TX]]] [1, 3, 1] [1, 1, 1]
// CHECK: linalg.copy ins(%[[IN]] {{.*}}) outs(%[[TO]]
// CHECK: gpu.barrier
// CHECK: %[[TX2:.*]] = gpu.thread_id  x
// CHECK: %[[FROM:.*]] = memref.subview %{{.*}}[0, %[[TX2]], %{{.*}}] [1, 1, 3] [1, 1, 1]
// CHECK: %[[OUT:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] [1, 3, 1] [1, 1, 1] : memref<3x96x24xf32>
// CHECK: linalg.transpose ins(%[[FROM]] {{.*}}) outs(%[[OUT]] {{.*}}) permutation = [0, 2, 1]
// CHECK: } {ks.dispatch = 0 : i64, ks.skill = "transpose_batched_smem_tile"}
// CHECK: memref.global "private" @[[G]] : memref<2400xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}

// PTX: .shared .align 16 .b8 {{.*}}[2400];
// PTX-COUNT-3: ld.global.b32
// PTX: bar.sync
// PTX-COUNT-3: ld.shared.b32
// PTX: st.global.b32

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 3x8x12x1x24xf32: match

// FEATURES: "loop_ranges": [3, 96, 24]
// FEATURES: "op_class": "transpose"
// FEATURES: "parallel_dims": 3
