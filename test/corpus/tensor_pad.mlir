// tensor.pad with a non-zero constant (-1.5) and asymmetric low/high padding
// (aten.constant_pad_nd): the out-param is filled with the pad value, then the
// input is copied into the interior view [0, 1, 2] of size 2x3x5.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x3x5xf32>, %[[OUT:arg[0-9]+]]: memref<2x6x8xf32>) {
// CHECK: %[[V:.*]] = arith.constant -1.500000e+00 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} threads in (%c96, %c1, %c1) args(%c96 : index, %[[V]] : f32, %[[OUT]] : memref<2x6x8xf32>)
// CHECK-NEXT: %[[SV:.*]] = memref.subview %[[OUT]][0, 1, 2] [2, 3, 5] [1, 1, 1] : memref<2x6x8xf32> to memref<2x3x5xf32, strided<[48, 8, 1], offset: 10>>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} threads in (%c32, %c1, %c1) args(%c30 : index, %[[IN]] : memref<2x3x5xf32>, %[[SV]] : memref<2x3x5xf32, strided<[48, 8, 1], offset: 10>>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (2, 3, 5)
// SEED-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<2x3x5xf32>
// SEED-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<2x3x5xf32, strided<[48, 8, 1], offset: 10>>

module {
  func.func @main(%arg0: tensor<2x3x5xf32>) -> tensor<2x6x8xf32> {
    %cst = arith.constant -1.500000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 1, 2] high[0, 2, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index):
      tensor.yield %cst : f32
    } : tensor<2x3x5xf32> to tensor<2x6x8xf32>
    return %padded : tensor<2x6x8xf32>
  }
}
