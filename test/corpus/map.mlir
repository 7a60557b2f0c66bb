// linalg.map with a two-input region (mul, sub) followed by linalg.map
// { math.absf }: two kernels, the second runs in place on the out-param.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<64xf32>, %[[B:arg[0-9]+]]: memref<64xf32>, %[[OUT:arg[0-9]+]]: memref<64xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c64 : index, %[[A]] : memref<64xf32>, %[[B]] : memref<64xf32>, %[[OUT]] : memref<64xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c64 : index, %[[OUT]] : memref<64xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}mul.rn.f32{{.*}}sub.rn.f32
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}abs.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: %[[X:.*]] = memref.load %arg1[%thread_id_x] : memref<64xf32>
// SEED-NEXT: %[[Y:.*]] = memref.load %arg2[%thread_id_x] : memref<64xf32>
// SEED-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// SEED-NEXT: %[[S:.*]] = arith.subf %[[M]], %[[Y]] : f32
// SEED-NEXT: memref.store %[[S]], %arg3[%thread_id_x] : memref<64xf32>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: math.absf

module {
  func.func @main(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>) -> tensor<64xf32> {
    %0 = tensor.empty() : tensor<64xf32>
    %mapped = linalg.map ins(%arg0, %arg1 : tensor<64xf32>, tensor<64xf32>) outs(%0 : tensor<64xf32>)
      (%in: f32, %in_0: f32, %init: f32) {
        %1 = arith.mulf %in, %in_0 : f32
        %2 = arith.subf %1, %in_0 : f32
        linalg.yield %2 : f32
      }
    %3 = tensor.empty() : tensor<64xf32>
    %mapped_1 = linalg.map { math.absf } ins(%mapped : tensor<64xf32>) outs(%3 : tensor<64xf32>)
    return %mapped_1 : tensor<64xf32>
  }
}
