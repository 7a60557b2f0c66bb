// linalg.conv_3d_ncdhw_fcdhw with the bias broadcast into the init (aten.conv3d
// with bias): 192 outputs, a 4-deep (c, kd, kh, kw) reduction nest per thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x2x6x6x6xf32>, %[[W:arg[0-9]+]]: memref<3x2x3x3x3xf32>, %[[BIAS:arg[0-9]+]]: memref<3xf32>, %[[OUT:arg[0-9]+]]: memref<1x3x4x4x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c192, %c1, %c1) args(%c192 : index, %[[BIAS]] : memref<3xf32>, %[[OUT]] : memref<1x3x4x4x4xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c192, %c1, %c1) args(%c192 : index, %[[IN]] : memref<1x2x6x6x6xf32>, %c0 : index, %[[W]] : memref<3x2x3x3x3xf32>, %[[OUT]] : memref<1x3x4x4x4xf32>, %c3 : index, %c1 : index, %c2 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: %[[B:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (3, 4, 4, 4)
// SEED-NEXT: memref.load %{{.*}}[%[[B]]#0] : memref<3xf32>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[O:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (3, 4, 4, 4) : index, index, index, index
// SEED-NEXT: scf.for %[[C:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KD:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED: memref.load %{{.*}} : memref<1x2x6x6x6xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[O]]#0, %[[C]], %[[KD]], %[[KH]], %[[KW]]] : memref<3x2x3x3x3xf32>
// SEED-NEXT: memref.load %{{.*}}[%{{.*}}, %[[O]]#0, %[[O]]#1, %[[O]]#2, %[[O]]#3] : memref<1x3x4x4x4xf32>

#map = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
module {
  func.func @main(%arg0: tensor<1x2x6x6x6xf32>, %arg1: tensor<3x2x3x3x3xf32>, %arg2: tensor<3xf32>) -> tensor<1x3x4x4x4xf32> {
    %0 = tensor.empty() : tensor<1x3x4x4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<3xf32>) outs(%0 : tensor<1x3x4x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x3x4x4x4xf32>
    %2 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>} ins(%arg0, %arg1 : tensor<1x2x6x6x6xf32>, tensor<3x2x3x3x3xf32>) outs(%1 : tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32>
    return %2 : tensor<1x3x4x4x4xf32>
  }
}
