// tensor.expand_shape / tensor.collapse_shape around a transpose and a scale
// (a reshape-permute-reshape as from x.view(2,4,12).transpose(1,2).reshape(4,24)):
// the reshapes are views on the host, and the permuted data is computed in
// the out-param seen through the inverse of the last two reshapes
// (ks-results-in-place): no temporary, no copy into the out-param.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x48xf32>, %[[OUT:arg[0-9]+]]: memref<4x24xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[E:.*]] = memref.expand_shape %[[IN]] {{\[\[}}0], [1, 2]] output_shape [2, 4, 12] : memref<2x48xf32> into memref<2x4x12xf32>
// CHECK-NEXT: %[[C:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<4x24xf32> into memref<96xf32>
// CHECK-NEXT: %[[T:.*]] = memref.expand_shape %[[C]] {{\[\[}}0, 1, 2]] output_shape [2, 12, 4] : memref<96xf32> into memref<2x12x4xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c96 : index, %[[E]] : memref<2x4x12xf32>, %[[T]] : memref<2x12x4xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c96 : index, %[[T]] : memref<2x12x4xf32>, %cst : f32)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (2, 12, 4)
// SEED-NEXT: memref.load %{{.*}}[%[[I]]#0, %[[I]]#2, %[[I]]#1] : memref<2x4x12xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x48xf32>) -> tensor<4x24xf32> {
    %cst = arith.constant 2.000000e+00 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [2, 4, 12] : tensor<2x48xf32> into tensor<2x4x12xf32>
    %0 = tensor.empty() : tensor<2x12x4xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<2x4x12xf32>) outs(%0 : tensor<2x12x4xf32>) permutation = [0, 2, 1]
    %1 = tensor.empty() : tensor<2x12x4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed : tensor<2x12x4xf32>) outs(%1 : tensor<2x12x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<2x12x4xf32>
    %collapsed = tensor.collapse_shape %2 [[0, 1, 2]] : tensor<2x12x4xf32> into tensor<96xf32>
    %expanded_0 = tensor.expand_shape %collapsed [[0, 1]] output_shape [4, 24] : tensor<96xf32> into tensor<4x24xf32>
    return %expanded_0 : tensor<4x24xf32>
  }
}
