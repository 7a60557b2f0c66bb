// tensor.insert_slice of a 2x3 tensor at [1, 1] into a copy of a 4x4 input
// (aten.slice_scatter): the copy fills the out-param, then only the 6 inserted
// elements are written through a subview of the out-param.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s

// CHECK: func.func @main(%[[BASE:arg[0-9]+]]: memref<4x4xf32>, %[[SRC:arg[0-9]+]]: memref<2x3xf32>, %[[OUT:arg[0-9]+]]: memref<4x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c16 : index, %[[BASE]] : memref<4x4xf32>, %[[OUT]] : memref<4x4xf32>)
// CHECK-NEXT: %[[SV:.*]] = memref.subview %[[OUT]][1, 1] [2, 3] [1, 1] : memref<4x4xf32> to memref<2x3xf32, strided<[4, 1], offset: 5>>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c6 : index, %[[SRC]] : memref<2x3xf32>, %[[SV]] : memref<2x3xf32, strided<[4, 1], offset: 5>>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

module {
  func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<2x3xf32>) -> tensor<4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x4xf32>
    %1 = linalg.copy ins(%arg0 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %inserted_slice = tensor.insert_slice %arg1 into %1[1, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
    return %inserted_slice : tensor<4x4xf32>
  }
}
