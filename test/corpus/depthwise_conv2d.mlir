// Depthwise convolution (groups == channels) as Torch-MLIR emits it: the
// 4x1x3x3 weight is collapsed to 4x3x3 and fed to
// linalg.depthwise_conv_2d_nchw_chw. The collapse stays a view on the host
// (memref.collapse_shape of the argument), no copy kernel.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x4x8x8xf32>, %[[W:arg[0-9]+]]: memref<4x1x3x3xf32>, %[[OUT:arg[0-9]+]]: memref<1x4x6x6xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c160, %c1, %c1) args(%c144 : index, %cst : f32, %[[OUT]] : memref<1x4x6x6xf32>, %c0 : index)
// CHECK-NEXT: %[[WC:.*]] = memref.collapse_shape %[[W]] {{\[\[}}0, 1], [2], [3]] : memref<4x1x3x3xf32> into memref<4x3x3xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c160, %c1, %c1) args(%c144 : index, %[[IN]] : memref<1x4x8x8xf32>, %c0 : index, %[[WC]] : memref<4x3x3xf32>, %[[OUT]] : memref<1x4x6x6xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// The seed's neighbouring threads take neighbouring output columns, though
// the op iterates the channel innermost.
// SEED: %[[O:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (6, 4, 6) : index, index, index
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED: memref.load %{{.*}}[%{{.*}}, %[[O]]#1, %{{.*}}, %{{.*}}] : memref<1x4x8x8xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[O]]#1, %[[KH]], %[[KW]]] : memref<4x3x3xf32>
// SEED: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[O]]#1, %[[O]]#0, %[[O]]#2] : memref<1x4x6x6xf32>

module {
  func.func @main(%arg0: tensor<1x4x8x8xf32>, %arg1: tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x6x6xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
    %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %collapsed : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    return %2 : tensor<1x4x6x6xf32>
  }
}
