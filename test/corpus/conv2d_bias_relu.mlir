// Fused chain conv -> bias -> relu as Torch-MLIR emits aten.conv2d(padding=1)
// followed by aten.relu: tensor.pad with zeros, the bias broadcast into the
// conv init, linalg.conv_2d_nchw_fchw, then relu (cmpf ugt + select).
// Kernels: pad fill (300 elements: 2 blocks of 256), pad copy into the
// interior (a strided subview), bias broadcast, conv, relu in place.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x3x8x8xf32>, %[[W:arg[0-9]+]]: memref<4x3x3x3xf32>, %[[BIAS:arg[0-9]+]]: memref<4xf32>, %[[OUT:arg[0-9]+]]: memref<1x4x8x8xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[PAD:.*]] = gpu.alloc () : memref<1x3x10x10xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%c300 : index, %cst : f32, %[[PAD]] : memref<1x3x10x10xf32>, %c0 : index)
// CHECK-NEXT: %[[INTERIOR:.*]] = memref.subview %[[PAD]][0, 0, 1, 1] [1, 3, 8, 8] [1, 1, 1, 1] : memref<1x3x10x10xf32> to memref<1x3x8x8xf32, strided<[300, 100, 10, 1], offset: 11>>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c192 : index, %[[IN]] : memref<1x3x8x8xf32>, %c0 : index, %[[INTERIOR]] : memref<1x3x8x8xf32, strided<[300, 100, 10, 1], offset: 11>>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c256 : index, %[[BIAS]] : memref<4xf32>, %[[OUT]] : memref<1x4x8x8xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c256 : index, %[[PAD]] : memref<1x3x10x10xf32>, %c0 : index, %[[W]] : memref<4x3x3x3xf32>, %[[OUT]] : memref<1x4x8x8xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: gpu.dealloc %[[PAD]] : memref<1x3x10x10xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c256 : index, %[[OUT]] : memref<1x4x8x8xf32>, %c0 : index, %cst : f32)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}setp.le.f32{{.*}}selp.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: known_grid_size = array<i32: 2, 1, 1>
// SEED: %[[L:.*]] = arith.addi %{{.*}}, %thread_id_x : index
// SEED-NEXT: arith.cmpi ult, %[[L]], %arg0 : index
// SEED: affine.delinearize_index %[[L]] into (3, 10, 10)
// SEED-LABEL: gpu.module @main_kernel_2
// SEED: %[[O:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (4, 8, 8) : index, index, index
// SEED-NEXT: scf.for %[[C:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED: memref.load %{{.*}}[%[[O]]#0, %[[C]], %[[KH]], %[[KW]]] : memref<4x3x3x3xf32>
// SEED-LABEL: gpu.module @main_kernel_3
// SEED: arith.cmpf ugt
// SEED-NEXT: arith.select

#map = affine_map<(d0, d1, d2, d3) -> (d1)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
    %0 = tensor.empty() : tensor<1x4x8x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<4xf32>) outs(%0 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x4x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%1 : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x4x8x8xf32>) outs(%0 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.cmpf ugt, %in, %cst : f32
      %5 = arith.select %4, %in, %cst : f32
      linalg.yield %5 : f32
    } -> tensor<1x4x8x8xf32>
    return %3 : tensor<1x4x8x8xf32>
  }
}
