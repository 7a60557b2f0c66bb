// conv -> bias -> relu -> max pool (a LeNet-style block) with constant conv
// weights and bias (arith.constant dense, non-splat). The weight and bias are
// globals inside the conv and bias kernels; the pool reads the relu'd
// temporary, which is freed afterwards.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<1x1x10x10xf32>, %[[OUT:arg[0-9]+]]: memref<1x2x4x4xf32>) {
// CHECK-NOT: memref.load
// CHECK-NOT: memref.get_global
// CHECK: %[[C:.*]] = gpu.alloc () : memref<1x2x8x8xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c128 : index, %[[C]] : memref<1x2x8x8xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c128 : index, %[[X]] : memref<1x1x10x10xf32>, %c0 : index, %[[C]] : memref<1x2x8x8xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c128 : index, %[[C]] : memref<1x2x8x8xf32>, %c0 : index, %cst : f32)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c32 : index, %cst_0 : f32, %[[OUT]] : memref<1x2x4x4xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c32 : index, %[[C]] : memref<1x2x8x8xf32>, %c0 : index, %[[OUT]] : memref<1x2x4x4xf32>, %c2 : index, %c1 : index)
// CHECK-NEXT: gpu.dealloc %[[C]]
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}.global .align 64 .b8 __constant_2xf32[8] = {10, 215, 35, 60, 10, 215, 163, 188};
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.global .align 64 .b8 __constant_2x1x3x3xf32[72] = {205, 204, 204, 61, 205, 204, 76, 190,
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK-NOT: gpu.binary

#map = affine_map<(d0, d1, d2, d3) -> (d1)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<1x1x10x10xf32>) -> tensor<1x2x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.0, 0.5, -0.5], [0.25, 0.125, -0.125]]], [[[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]]]> : tensor<2x1x3x3xf32>
    %cst_2 = arith.constant dense<[0.01, -0.02]> : tensor<2xf32>
    %0 = tensor.empty() : tensor<1x2x8x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2 : tensor<2xf32>) outs(%0 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_1 : tensor<1x1x10x10xf32>, tensor<2x1x3x3xf32>) outs(%1 : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x2x8x8xf32>) outs(%0 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.maximumf %in, %cst : f32
      linalg.yield %8 : f32
    } -> tensor<1x2x8x8xf32>
    %4 = tensor.empty() : tensor<1x2x4x4xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    %6 = tensor.empty() : tensor<2x2xf32>
    %7 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%3, %6 : tensor<1x2x8x8xf32>, tensor<2x2xf32>) outs(%5 : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    return %7 : tensor<1x2x4x4xf32>
  }
}
