// linalg.conv_2d_nchw_fchw with stride 2, dilation 2 and padding 2 (tensor.pad):
// input index = 2*oh + 2*kh. The padded buffer is a device temporary that is
// zero-filled, gets the input copied into its interior, and is freed after
// the conv.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x2x11x11xf32>, %[[W:arg[0-9]+]]: memref<3x2x3x3xf32>, %[[OUT:arg[0-9]+]]: memref<1x3x6x6xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[PAD:.*]] = gpu.alloc () : memref<1x2x15x15xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%c450 : index, %cst : f32, %[[PAD]] : memref<1x2x15x15xf32>, %c0 : index)
// CHECK-NEXT: %[[INTERIOR:.*]] = memref.subview %[[PAD]][0, 0, 2, 2] [1, 2, 11, 11] [1, 1, 1, 1]
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c242 : index, %[[IN]] : memref<1x2x11x11xf32>, %c0 : index, %[[INTERIOR]] : memref<1x2x11x11xf32, strided<[450, 225, 15, 1], offset: 32>>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c108 : index, %cst : f32, %[[OUT]] : memref<1x3x6x6xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c108 : index, %[[PAD]] : memref<1x2x15x15xf32>, %c0 : index, %[[W]] : memref<3x2x3x3xf32>, %[[OUT]] : memref<1x3x6x6xf32>, %c3 : index, %c1 : index, %c2 : index)
// CHECK-NEXT: gpu.dealloc %[[PAD]] : memref<1x2x15x15xf32>
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0 * 2)>
// SEED-LABEL: gpu.module @main_kernel_2
// SEED: %[[O:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (3, 6, 6) : index, index, index
// SEED-NEXT: scf.for %[[C:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED-NEXT: %[[H:.*]] = affine.apply #[[MAP]](%[[KH]])[%[[O]]#1]
// SEED-NEXT: %[[WI:.*]] = affine.apply #[[MAP]](%[[KW]])[%[[O]]#2]
// SEED-NEXT: memref.load %{{.*}}[%{{.*}}, %[[C]], %[[H]], %[[WI]]] : memref<1x2x15x15xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[O]]#0, %[[C]], %[[KH]], %[[KW]]] : memref<3x2x3x3xf32>

module {
  func.func @main(%arg0: tensor<1x2x11x11xf32>, %arg1: tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x2x11x11xf32> to tensor<1x2x15x15xf32>
    %0 = tensor.empty() : tensor<1x3x6x6xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x2x15x15xf32>, tensor<3x2x3x3xf32>) outs(%1 : tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
    return %2 : tensor<1x3x6x6xf32>
  }
}
