// 1-D max pooling (aten.max_pool1d, kernel 2, stride 2): linalg.pooling_ncw_max
// with a -inf init; the window loop is inside each of the 32 threads.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x4x16xf32>, %[[OUT:arg[0-9]+]]: memref<1x4x8xf32>) {
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c32 : index, %[[NEGINF]] : f32, %[[OUT]] : memref<1x4x8xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c32 : index, %[[IN]] : memref<1x4x16xf32>, %c0 : index, %[[OUT]] : memref<1x4x8xf32>, %c2 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK-NOT: gpu.binary

// SEED: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[O:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 8) : index, index
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: %[[X:.*]] = affine.apply #[[MAP]](%[[K]])[%[[O]]#1]
// SEED-NEXT: memref.load %{{.*}}[%{{.*}}, %[[O]]#0, %[[X]]] : memref<1x4x16xf32>
// SEED: arith.maximumf

module {
  func.func @main(%arg0: tensor<1x4x16xf32>) -> tensor<1x4x8xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<1x4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %2 = tensor.empty() : tensor<2xf32>
    %3 = linalg.pooling_ncw_max {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%arg0, %2 : tensor<1x4x16xf32>, tensor<2xf32>) outs(%1 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    return %3 : tensor<1x4x8xf32>
  }
}
