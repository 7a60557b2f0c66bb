// GroupNorm (2 groups over 6 channels) as Torch-MLIR emits aten.native_group_norm:
// tensor.expand_shape to [N, G, C/G, H, W], reductions over the last three dims
// (iterator_types parallel, parallel, reduction x3) for mean and variance,
// per-channel affine from the expanded weight/bias, then collapse_shape back.
// The reduction kernels have one thread per (n, g) with a 3-deep loop nest.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<2x6x4x4xf32>, %[[G:arg[0-9]+]]: memref<6xf32>, %[[B:arg[0-9]+]]: memref<6xf32>, %[[OUT:arg[0-9]+]]: memref<2x6x4x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[XG:.*]] = memref.expand_shape %[[X]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [2, 2, 3, 4, 4] : memref<2x6x4x4xf32> into memref<2x2x3x4x4xf32>
// CHECK-NEXT: %[[GG:.*]] = memref.expand_shape %[[G]] {{\[\[}}0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
// CHECK-NEXT: %[[BG:.*]] = memref.expand_shape %[[B]] {{\[\[}}0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
// The per-group reductions are 4 rows (batch x group) of 48 (channels of
// the group x 4 x 4), into 4-element views of the 2x2x1x1x1 statistics.
// CHECK: %[[XR:.*]] = memref.collapse_shape %[[XG]] {{\[\[}}0, 1], [2, 3, 4]] : memref<2x2x3x4x4xf32> into memref<4x48xf32>
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c4 : index, %[[XR]] : memref<4x48xf32>, %{{.*}} : memref<4xf32>, %c0 : index, %c48 : index, %c1 : index)
// CHECK: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c4 : index, %[[XR]] : memref<4x48xf32>, %{{.*}} : memref<4xf32>, %{{.*}} : memref<4xf32>, %c0 : index, %c48 : index, %c1 : index)
// The result is written into the out-parameter through the inverse of the
// reshape it is returned through: no copy kernel.
// The normalization reads the statistics as [2, 2] and merges each channel's
// rows and columns (ks-collapse-elementwise-dims): [2, 2, 3, 16].
// CHECK: %[[Y:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0], [1, 2], [3], [4]] output_shape [2, 2, 3, 4, 4] : memref<2x6x4x4xf32> into memref<2x2x3x4x4xf32>
// CHECK: %[[XN:.*]] = memref.collapse_shape %[[XG]] {{\[\[}}0], [1], [2], [3, 4]] : memref<2x2x3x4x4xf32> into memref<2x2x3x16xf32>
// CHECK-NEXT: %[[YN:.*]] = memref.collapse_shape %[[Y]] {{\[\[}}0], [1], [2], [3, 4]] : memref<2x2x3x4x4xf32> into memref<2x2x3x16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_4::@main_kernel_4 {{.*}} threads in (%c192, %c1, %c1) args(%c192 : index, %[[XN]] : memref<2x2x3x16xf32>, %{{.*}} : memref<2x2xf32>, %{{.*}} : memref<2x2xf32>, %[[GG]] : memref<2x3xf32>, %[[BG]] : memref<2x3xf32>, %cst_0 : f32, %cst_1 : f32, %[[YN]] : memref<2x2x3x16xf32>)
// CHECK-NOT: gpu.launch_func
// CHECK: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_4 {ks.ptxas = {sm_90 = {main_kernel_4 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}div.rn.f32{{.*}}rsqrt.approx.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<4x48xf32>
// SEED-LABEL: gpu.module @main_kernel_4
// SEED: %[[I:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (2, 2, 3, 16)
// SEED: memref.load %{{.*}}[%[[I]]#1, %[[I]]#2] : memref<2x3xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[I]]#1, %[[I]]#2] : memref<2x3xf32>
// SEED: math.rsqrt

#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, 0, 0, 0)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2)>
module {
  func.func @main(%arg0: tensor<2x6x4x4xf32>, %arg1: tensor<6xf32>, %arg2: tensor<6xf32>) -> tensor<2x6x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.800000e+01 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 4, 4] : tensor<2x6x4x4xf32> into tensor<2x2x3x4x4xf32>
    %expanded_2 = tensor.expand_shape %arg1 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
    %expanded_3 = tensor.expand_shape %arg2 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
    %0 = tensor.empty() : tensor<2x2x1x1x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x2x1x1x1xf32>) -> tensor<2x2x1x1x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded : tensor<2x2x3x4x4xf32>) outs(%1 : tensor<2x2x1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.addf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<2x2x1x1x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x2x1x1x1xf32>) outs(%0 : tensor<2x2x1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.divf %in, %cst_0 : f32
      linalg.yield %8 : f32
    } -> tensor<2x2x1x1x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded, %3 : tensor<2x2x3x4x4xf32>, tensor<2x2x1x1x1xf32>) outs(%1 : tensor<2x2x1x1x1xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.subf %in, %in_4 : f32
      %9 = arith.mulf %8, %8 : f32
      %10 = arith.addf %9, %out : f32
      linalg.yield %10 : f32
    } -> tensor<2x2x1x1x1xf32>
    %5 = tensor.empty() : tensor<2x2x3x4x4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %3, %4, %expanded_2, %expanded_3 : tensor<2x2x3x4x4xf32>, tensor<2x2x1x1x1xf32>, tensor<2x2x1x1x1xf32>, tensor<2x3xf32>, tensor<2x3xf32>) outs(%5 : tensor<2x2x3x4x4xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %in_6: f32, %in_7: f32, %out: f32):
      %8 = arith.divf %in_5, %cst_0 : f32
      %9 = arith.addf %8, %cst_1 : f32
      %10 = math.rsqrt %9 : f32
      %11 = arith.subf %in, %in_4 : f32
      %12 = arith.mulf %11, %10 : f32
      %13 = arith.mulf %12, %in_6 : f32
      %14 = arith.addf %13, %in_7 : f32
      linalg.yield %14 : f32
    } -> tensor<2x2x3x4x4xf32>
    %collapsed = tensor.collapse_shape %6 [[0], [1, 2], [3], [4]] : tensor<2x2x3x4x4xf32> into tensor<2x6x4x4xf32>
    return %collapsed : tensor<2x6x4x4xf32>
  }
}
