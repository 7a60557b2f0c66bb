// aten.max_pool2d(kernel 3, stride 2, padding 1) as Torch-MLIR emits it: the
// input is padded with -inf, the init is filled with -inf (0xFF800000) and
// linalg.pooling_nchw_max takes a tensor.empty window. The max is
// arith.maximumf (max.NaN.f32 in PTX, NaN-propagating like PyTorch).
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x2x8x8xf32>, %[[OUT:arg[0-9]+]]: memref<1x2x4x4xf32>) {
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NOT: memref.load
// CHECK: %[[PAD:.*]] = gpu.alloc () : memref<1x2x10x10xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} threads in (%c224, %c1, %c1) args(%c200 : index, %[[NEGINF]] : f32, %[[PAD]] : memref<1x2x10x10xf32>, %c0 : index)
// CHECK-NEXT: %[[SV:.*]] = memref.subview %[[PAD]][0, 0, 1, 1] [1, 2, 8, 8] [1, 1, 1, 1]
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c128 : index, %[[IN]] : memref<1x2x8x8xf32>, %c0 : index, %[[SV]] : memref<1x2x8x8xf32, strided<[200, 100, 10, 1], offset: 11>>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} threads in (%c32, %c1, %c1) args(%c32 : index, %[[NEGINF]] : f32, %[[OUT]] : memref<1x2x4x4xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} threads in (%c32, %c1, %c1) args(%c32 : index, %[[PAD]] : memref<1x2x10x10xf32>, %c0 : index, %[[OUT]] : memref<1x2x4x4xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: gpu.dealloc %[[PAD]]
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK-NOT: gpu.binary

// SEED: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
// SEED-LABEL: gpu.module @main_kernel_2
// SEED: %[[O:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (2, 4, 4) : index, index, index
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED-NEXT: %[[H:.*]] = affine.apply #[[MAP]](%[[KH]])[%[[O]]#1]
// SEED-NEXT: %[[W:.*]] = affine.apply #[[MAP]](%[[KW]])[%[[O]]#2]
// SEED-NEXT: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[O]]#0, %[[H]], %[[W]]] : memref<1x2x10x10xf32>
// SEED-NEXT: %[[ACC:.*]] = memref.load %{{.*}} : memref<1x2x4x4xf32>
// SEED-NEXT: arith.maximumf %[[ACC]], %[[X]] : f32

module {
  func.func @main(%arg0: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
    %0 = tensor.empty() : tensor<1x2x4x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x2x10x10xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    return %3 : tensor<1x2x4x4xf32>
  }
}
