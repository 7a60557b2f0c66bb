// tensor.concat along dim 1 (torch.cat): each operand is copied by its own
// kernel into a subview of the out-param at offsets 0 and 3.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<2x3x4xf32>, %[[B:arg[0-9]+]]: memref<2x5x4xf32>, %[[OUT:arg[0-9]+]]: memref<2x8x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[S0:.*]] = memref.subview %[[OUT]][0, 0, 0] [2, 3, 4] [1, 1, 1] : memref<2x8x4xf32> to memref<2x3x4xf32, strided<[32, 4, 1]>>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} threads in (%c32, %c1, %c1) args(%c24 : index, %[[A]] : memref<2x3x4xf32>, %[[S0]] : memref<2x3x4xf32, strided<[32, 4, 1]>>)
// CHECK-NEXT: %[[S1:.*]] = memref.subview %[[OUT]][0, 3, 0] [2, 5, 4] [1, 1, 1] : memref<2x8x4xf32> to memref<2x5x4xf32, strided<[32, 4, 1], offset: 12>>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} threads in (%c64, %c1, %c1) args(%c40 : index, %[[B]] : memref<2x5x4xf32>, %[[S1]] : memref<2x5x4xf32, strided<[32, 4, 1], offset: 12>>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

module {
  func.func @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x5x4xf32>) -> tensor<2x8x4xf32> {
    %concat = tensor.concat dim(1) %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
    return %concat : tensor<2x8x4xf32>
  }
}
