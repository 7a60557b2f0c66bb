// linalg.broadcast of a 16-vector into 4x16x3 (dimensions = [0, 2]): each of
// the 192 threads reads element [j] of the input.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<16xf32>, %[[OUT:arg[0-9]+]]: memref<4x16x3xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c192, %c1, %c1) args(%c192 : index, %[[IN]] : memref<16xf32>, %[[OUT]] : memref<4x16x3xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-NOT: gpu.binary

// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (4, 16, 3) : index, index, index
// SEED-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]#1] : memref<16xf32>
// SEED-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<4x16x3xf32>

module {
  func.func @main(%arg0: tensor<16xf32>) -> tensor<4x16x3xf32> {
    %0 = tensor.empty() : tensor<4x16x3xf32>
    %broadcasted = linalg.broadcast ins(%arg0 : tensor<16xf32>) outs(%0 : tensor<4x16x3xf32>) dimensions = [0, 2]
    return %broadcasted : tensor<4x16x3xf32>
  }
}
