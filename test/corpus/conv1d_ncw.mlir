// linalg.conv_1d_ncw_fcw with stride 2 (Torch-MLIR's aten.conv1d, no bias):
// out[n, f, w] = sum_{c, k} in[n, c, 2*w + k] * wt[f, c, k]; 28 outputs, the
// (c, k) reduction is a loop nest in each thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x3x16xf32>, %[[W:arg[0-9]+]]: memref<4x3x3xf32>, %[[OUT:arg[0-9]+]]: memref<1x4x7xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c28 : index, %cst : f32, %[[OUT]] : memref<1x4x7xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c28 : index, %[[IN]] : memref<1x3x16xf32>, %c0 : index, %[[W]] : memref<4x3x3xf32>, %[[OUT]] : memref<1x4x7xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[O:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 7) : index, index
// SEED-NEXT: scf.for %[[C:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: %[[X:.*]] = affine.apply #[[MAP]](%[[K]])[%[[O]]#1]
// SEED-NEXT: memref.load %{{.*}}[%{{.*}}, %[[C]], %[[X]]] : memref<1x3x16xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[O]]#0, %[[C]], %[[K]]] : memref<4x3x3xf32>
// SEED: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[O]]#0, %[[O]]#1] : memref<1x4x7xf32>

module {
  func.func @main(%arg0: tensor<1x3x16xf32>, %arg1: tensor<4x3x3xf32>) -> tensor<1x4x7xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x7xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x7xf32>) -> tensor<1x4x7xf32>
    %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%arg0, %arg1 : tensor<1x3x16xf32>, tensor<4x3x3xf32>) outs(%1 : tensor<1x4x7xf32>) -> tensor<1x4x7xf32>
    return %2 : tensor<1x4x7xf32>
  }
}
