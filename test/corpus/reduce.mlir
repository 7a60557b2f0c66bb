// linalg.reduce over dimension 0 (the outer dimension, not the innermost) of
// 16x8: one thread per output column, the 16-long reduction is a loop in it.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<16x8xf32>, %[[OUT:arg[0-9]+]]: memref<8xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c8 : index, %cst : f32, %[[OUT]] : memref<8xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c8 : index, %[[IN]] : memref<16x8xf32>, %[[OUT]] : memref<8xf32>, %c0 : index, %c16 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: arith.cmpi ult, %thread_id_x, %arg0 : index
// SEED: scf.for %[[R:arg[0-9]+]] = %arg3 to %arg4 step %arg5 {
// SEED-NEXT: memref.load %{{.*}}[%[[R]], %thread_id_x] : memref<16x8xf32>
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x] : memref<8xf32>
// SEED-NEXT: arith.addf
// SEED-NEXT: memref.store %{{.*}}, %{{.*}}[%thread_id_x] : memref<8xf32>

module {
  func.func @main(%arg0: tensor<16x8xf32>) -> tensor<8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
    %reduced = linalg.reduce ins(%arg0 : tensor<16x8xf32>) outs(%1 : tensor<8xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %2 = arith.addf %in, %init : f32
        linalg.yield %2 : f32
      }
    return %reduced : tensor<8xf32>
  }
}
