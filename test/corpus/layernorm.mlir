// LayerNorm over the last dim (aten.native_layer_norm decomposition): mean
// (sum / 16), variance (sum of squared deviations / 16), rsqrt(var + eps),
// then (x - mean) * rstd * weight + bias. The variance division and rsqrt fuse
// into the final normalization kernel; mean and the variance accumulator are
// 2x8x1 device temporaries.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<2x8x16xf32>, %[[G:arg[0-9]+]]: memref<16xf32>, %[[B:arg[0-9]+]]: memref<16xf32>, %[[OUT:arg[0-9]+]]: memref<2x8x16xf32>) {
// CHECK-DAG: %[[N:.*]] = arith.constant 1.600000e+01 : f32
// CHECK-DAG: %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK-NOT: memref.load
// The row sums and the variance's sums are reductions over 16 rows of 16
// (batch and sequence merged), into 16-element views of the temporaries.
// CHECK: %[[SUM:.*]] = gpu.alloc () : memref<2x8x1xf32>
// CHECK-NEXT: %[[XR:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : memref<2x8x16xf32> into memref<16x16xf32>
// CHECK-NEXT: %[[SUMV:.*]] = memref.collapse_shape %[[SUM]] {{\[\[}}0, 1, 2]] : memref<2x8x1xf32> into memref<16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c16 : index, %cst : f32, %[[SUMV]] : memref<16xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c16 : index, %[[XR]] : memref<16x16xf32>, %[[SUMV]] : memref<16xf32>, %c0 : index, %c1 : index)
// CHECK-NEXT: %[[MEAN:.*]] = gpu.alloc () : memref<2x8x1xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c16 : index, %[[SUM]] : memref<2x8x1xf32>, %c0 : index, %[[N]] : f32, %[[MEAN]] : memref<2x8x1xf32>)
// CHECK-NEXT: %[[MEANV:.*]] = memref.collapse_shape %[[MEAN]] {{\[\[}}0, 1, 2]] : memref<2x8x1xf32> into memref<16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c16 : index, %cst : f32, %[[SUMV]] : memref<16xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c16 : index, %[[XR]] : memref<16x16xf32>, %[[MEANV]] : memref<16xf32>, %[[SUMV]] : memref<16xf32>, %c0 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_4::@main_kernel_4 {{.*}} threads in (%c256, %c1, %c1) args(%c256 : index, %[[X]] : memref<2x8x16xf32>, %[[MEAN]] : memref<2x8x1xf32>, %c0 : index, %[[SUM]] : memref<2x8x1xf32>, %[[G]] : memref<16xf32>, %[[B]] : memref<16xf32>, %[[N]] : f32, %[[EPS]] : f32, %[[OUT]] : memref<2x8x16xf32>)
// CHECK-DAG: gpu.dealloc %[[SUM]] :
// CHECK-DAG: gpu.dealloc %[[MEAN]] :
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

// SEED-LABEL: gpu.module @main_kernel_3
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: %[[XV:.*]] = memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<16x16xf32>
// SEED-NEXT: %[[MV:.*]] = memref.load %{{.*}}[%thread_id_x] : memref<16xf32>
// SEED-NEXT: memref.load
// SEED-NEXT: %[[D:.*]] = arith.subf %[[XV]], %[[MV]] : f32
// SEED-NEXT: arith.mulf %[[D]], %[[D]] : f32
// SEED-LABEL: gpu.module @main_kernel_4
// SEED: affine.delinearize_index %thread_id_x into (2, 8, 16)
// SEED: arith.divf
// SEED-NEXT: arith.addf
// SEED-NEXT: math.rsqrt
// SEED-NEXT: arith.subf
// SEED-NEXT: arith.mulf
// SEED-NEXT: arith.mulf
// SEED-NEXT: arith.addf

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @main(%arg0: tensor<2x8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<2x8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.600000e+01 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<2x8x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x8x16xf32>) outs(%1 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<2x8x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x8x1xf32>) outs(%0 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<2x8x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %3 : tensor<2x8x16xf32>, tensor<2x8x1xf32>) outs(%1 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.subf %in, %in_2 : f32
      %11 = arith.mulf %10, %10 : f32
      %12 = arith.addf %11, %out : f32
      linalg.yield %12 : f32
    } -> tensor<2x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x8x1xf32>) outs(%0 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_0 : f32
      %11 = arith.addf %10, %cst_1 : f32
      %12 = math.rsqrt %11 : f32
      linalg.yield %12 : f32
    } -> tensor<2x8x1xf32>
    %6 = tensor.empty() : tensor<2x8x16xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %3, %5, %arg1, %arg2 : tensor<2x8x16xf32>, tensor<2x8x1xf32>, tensor<2x8x1xf32>, tensor<16xf32>, tensor<16xf32>) outs(%6 : tensor<2x8x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
      %10 = arith.subf %in, %in_2 : f32
      %11 = arith.mulf %10, %in_3 : f32
      %12 = arith.mulf %11, %in_4 : f32
      %13 = arith.addf %12, %in_5 : f32
      linalg.yield %13 : f32
    } -> tensor<2x8x16xf32>
    return %7 : tensor<2x8x16xf32>
  }
}
