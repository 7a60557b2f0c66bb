// linalg.matmul 4x8 * 8x16 with a zero-filled init (Torch-MLIR's aten.mm).
// Two kernels: the fill and the matmul; one thread per output element,
// the K loop runs inside the thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<4x8xf32>, %[[B:arg[0-9]+]]: memref<8x16xf32>, %[[C:arg[0-9]+]]: memref<4x16xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c64 : index, %cst : f32, %[[C]] : memref<4x16xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c64 : index, %[[A]] : memref<4x8xf32>, %[[B]] : memref<8x16xf32>, %[[C]] : memref<4x16xf32>, %c0 : index, %c8 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ld.global.b32{{.*}}mul.rn.f32{{.*}}add.rn.f32{{.*}}st.global.b32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: gpu.func @main_kernel_0(%{{.*}}: index, %[[SA:arg[0-9]+]]: memref<4x8xf32>, %[[SB:arg[0-9]+]]: memref<8x16xf32>, %[[SC:arg[0-9]+]]: memref<4x16xf32>, {{.*}}) kernel attributes {known_block_size = array<i32: 64, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// SEED: %[[IJ:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 16) : index, index
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %[[SA]][%[[IJ]]#0, %[[K]]] : memref<4x8xf32>
// SEED-NEXT: memref.load %[[SB]][%[[K]], %[[IJ]]#1] : memref<8x16xf32>
// SEED-NEXT: memref.load %[[SC]][%[[IJ]]#0, %[[IJ]]#1] : memref<4x16xf32>
// SEED-NEXT: arith.mulf
// SEED-NEXT: arith.addf
// SEED-NEXT: memref.store %{{.*}}, %[[SC]][%[[IJ]]#0, %[[IJ]]#1] : memref<4x16xf32>

module {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    return %2 : tensor<4x16xf32>
  }
}
