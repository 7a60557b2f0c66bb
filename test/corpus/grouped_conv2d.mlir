// Grouped convolution (groups = 2) as Torch-MLIR emits it: input, weight and
// init are expanded to a group dimension with tensor.expand_shape,
// linalg.conv_2d_ngchw_gfchw computes, tensor.collapse_shape merges the groups.
// All reshapes stay views of the function arguments: the conv writes straight
// into the out-param through its expanded view.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x4x6x6xf32>, %[[W:arg[0-9]+]]: memref<6x2x3x3xf32>, %[[OUT:arg[0-9]+]]: memref<1x6x4x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[OUTG:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 3, 4, 4] : memref<1x6x4x4xf32> into memref<1x2x3x4x4xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} threads in (%c96, %c1, %c1) args(%c96 : index, %cst : f32, %[[OUTG]] : memref<1x2x3x4x4xf32>, %c0 : index)
// CHECK-NEXT: %[[ING:.*]] = memref.expand_shape %[[IN]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : memref<1x4x6x6xf32> into memref<1x2x2x6x6xf32>
// CHECK-NEXT: %[[WG:.*]] = memref.expand_shape %[[W]] {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : memref<6x2x3x3xf32> into memref<2x3x2x3x3xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} threads in (%c96, %c1, %c1) args(%c96 : index, %[[ING]] : memref<1x2x2x6x6xf32>, %c0 : index, %[[WG]] : memref<2x3x2x3x3xf32>, %[[OUTG]] : memref<1x2x3x4x4xf32>, %c3 : index, %c1 : index, %c2 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[O:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (2, 3, 4, 4) : index, index, index, index
// SEED-NEXT: scf.for %[[C:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED: memref.load %{{.*}}[%{{.*}}, %[[O]]#0, %[[C]], %{{.*}}, %{{.*}}] : memref<1x2x2x6x6xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[O]]#0, %[[O]]#1, %[[C]], %[[KH]], %[[KW]]] : memref<2x3x2x3x3xf32>

module {
  func.func @main(%arg0: tensor<1x4x6x6xf32>, %arg1: tensor<6x2x3x3xf32>) -> tensor<1x6x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x6x4x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : tensor<1x4x6x6xf32> into tensor<1x2x2x6x6xf32>
    %expanded_0 = tensor.expand_shape %arg1 [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
    %expanded_1 = tensor.expand_shape %1 [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 4, 4] : tensor<1x6x4x4xf32> into tensor<1x2x3x4x4xf32>
    %2 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_0 : tensor<1x2x2x6x6xf32>, tensor<2x3x2x3x3xf32>) outs(%expanded_1 : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
    %collapsed = tensor.collapse_shape %2 [[0], [1, 2], [3], [4]] : tensor<1x2x3x4x4xf32> into tensor<1x6x4x4xf32>
    return %collapsed : tensor<1x6x4x4xf32>
  }
}
