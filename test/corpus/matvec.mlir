// linalg.matvec 16x32 * 32 (Torch-MLIR's aten.mv): one thread per output row,
// the 32-long dot product is a loop in the thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<16x32xf32>, %[[X:arg[0-9]+]]: memref<32xf32>, %[[Y:arg[0-9]+]]: memref<16xf32>) {
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c16 : index, %cst : f32, %[[Y]] : memref<16xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c16 : index, %[[A]] : memref<16x32xf32>, %[[X]] : memref<32xf32>, %[[Y]] : memref<16xf32>, %c0 : index, %c32 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<16x32xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[K]]] : memref<32xf32>
// SEED: memref.store %{{.*}}, %{{.*}}[%thread_id_x] : memref<16xf32>

module {
  func.func @main(%arg0: tensor<16x32xf32>, %arg1: tensor<32xf32>) -> tensor<16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16xf32>) -> tensor<16xf32>
    %2 = linalg.matvec ins(%arg0, %arg1 : tensor<16x32xf32>, tensor<32xf32>) outs(%1 : tensor<16xf32>) -> tensor<16xf32>
    return %2 : tensor<16xf32>
  }
}
