// linalg.copy and linalg.fill, each producing one of two results: two
// out-params, one kernel each; the copy reads the input and writes only the
// first out-param, the fill writes only the second.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<8x32xf32>, %[[R0:arg[0-9]+]]: memref<8x32xf32>, %[[R1:arg[0-9]+]]: memref<8x32xf32>) {
// CHECK: %[[V:.*]] = arith.constant 1.250000e+00 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c256 : index, %[[IN]] : memref<8x32xf32>, %[[R0]] : memref<8x32xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c256 : index, %[[V]] : f32, %[[R1]] : memref<8x32xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}ld.global.b32{{.*}}st.global.b32
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}st.global.b32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (8, 32) : index, index
// SEED-NEXT: %[[V:.*]] = memref.load %arg1[%[[I]]#0, %[[I]]#1] : memref<8x32xf32>
// SEED-NEXT: memref.store %[[V]], %arg2[%[[I]]#0, %[[I]]#1] : memref<8x32xf32>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[J:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (8, 32) : index, index
// SEED-NEXT: memref.store %arg1, %arg2[%[[J]]#0, %[[J]]#1] : memref<8x32xf32>

module {
  func.func @main(%arg0: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
    %cst = arith.constant 1.250000e+00 : f32
    %0 = tensor.empty() : tensor<8x32xf32>
    %1 = linalg.copy ins(%arg0 : tensor<8x32xf32>) outs(%0 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %2 = tensor.empty() : tensor<8x32xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8x32xf32>) -> tensor<8x32xf32>
    return %1, %3 : tensor<8x32xf32>, tensor<8x32xf32>
  }
}
