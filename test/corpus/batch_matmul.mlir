// linalg.batch_matmul 2x4x8 * 2x8x6 (Torch-MLIR's aten.bmm): 48 output
// elements on one 64-thread block, the bounds check keeps the 16 extra threads
// idle; the K loop runs inside the thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<2x4x8xf32>, %[[B:arg[0-9]+]]: memref<2x8x6xf32>, %[[C:arg[0-9]+]]: memref<2x4x6xf32>) {
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c48 : index, %cst : f32, %[[C]] : memref<2x4x6xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c48 : index, %[[A]] : memref<2x4x8xf32>, %[[B]] : memref<2x8x6xf32>, %[[C]] : memref<2x4x6xf32>, %c0 : index, %c8 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.maxntid 64, 1, 1{{.*}}mul.rn.f32{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: arith.cmpi ult, %thread_id_x, %arg0 : index
// SEED: %[[IJ:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (2, 4, 6) : index, index, index
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%[[IJ]]#0, %[[IJ]]#1, %[[K]]] : memref<2x4x8xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[IJ]]#0, %[[K]], %[[IJ]]#2] : memref<2x8x6xf32>
// SEED: memref.store %{{.*}}, %{{.*}}[%[[IJ]]#0, %[[IJ]]#1, %[[IJ]]#2] : memref<2x4x6xf32>

module {
  func.func @main(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x6xf32>) -> tensor<2x4x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%1 : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
    return %2 : tensor<2x4x6xf32>
  }
}
