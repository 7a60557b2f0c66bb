// The skill transpose_smem_tile on a 96x64 -> 64x96 transpose: 32x32 tiles
// (grid 3 x 2), 32 x 8 threads. Each thread copies 4 input rows of its
// column into the shared tile (neighbouring threads on neighbouring input
// columns), a barrier, then writes 4 output rows of its column (neighbouring
// threads on neighbouring output columns) from the shared tile, whose rows
// are 33 elements: a warp's column reads hit 32 different banks.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=0 skill=transpose_smem_tile params=T=32,TX=32,TY=8" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 0, "skill": "transpose_smem_tile", "params": {"T": 32, "TX": 32, "TY": 8}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/transpose_96x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/transpose_96x64.mlir --emulate-gpu --plan=%t.plan.json --seed=20 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c3, {{.*}} = %c2, {{.*}}) threads({{.*}}) in ({{.*}} = %c32, {{.*}} = %c8, {{.*}})
// CHECK: %[[BYTES:.*]] = memref.get_global @[[G:.*]] : memref<4224xi8, #gpu.address_space<workgroup>>
// CHECK: %[[TILE:.*]] = memref.view %[[BYTES]]{{.*}} to memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK: %[[TX:.*]] = gpu.thread_id  x
// CHECK: %[[IN:.*]] = memref.subview %arg0[%{{.*}}, %{{.*}}] [4, 1] [1, 1] : memref<96x64xf32>
// CHECK: %[[TO:.*]] = memref.subview %[[TILE]][%{{.*}}, %[[TX]]] [4, 1] [1, 1]
// CHECK: linalg.copy ins(%[[IN]] {{.*}}) outs(%[[TO]]
// CHECK: gpu.barrier
// CHECK: %[[TX2:.*]] = gpu.thread_id  x
// CHECK: %[[FROM:.*]] = memref.subview %[[TILE]][%[[TX2]], %{{.*}}] [1, 4] [1, 1]
// CHECK: %[[OUT:.*]] = memref.subview %arg1[%{{.*}}, %{{.*}}] [4, 1] [1, 1] : memref<64x96xf32>
// CHECK: linalg.transpose ins(%[[FROM]] {{.*}}) outs(%[[OUT]] {{.*}}) permutation = [1, 0]
// CHECK: } {ks.dispatch = 0 : i64, ks.skill = "transpose_smem_tile"}
// CHECK: memref.global "private" @[[G]] : memref<4224xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}

// PTX: .shared .align 16 .b8 {{.*}}[4224];
// PTX-COUNT-4: ld.global.b32
// PTX: bar.sync
// PTX-COUNT-4: ld.shared.b32
// PTX: st.global.b32
func.func @main(%x: memref<96x64xf32>, %y: memref<64x96xf32>) {
  linalg.transpose ins(%x : memref<96x64xf32>) outs(%y : memref<64x96xf32>) permutation = [1, 0] {ks.dispatch = 0 : i64}
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 64x96xf32: match
