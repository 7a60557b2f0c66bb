// argmin over the middle dim with keepdim, returning both the min values and
// the i64 indices (aten.min.dim): a two-result linalg.generic with
// iterator_types ["parallel", "reduction", "parallel"], +inf init, cmpf olt.
// Both results are out-params; the reduction dim is the loop in each thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x9x5xf32>, %[[VAL:arg[0-9]+]]: memref<2x1x5xf32>, %[[IDX:arg[0-9]+]]: memref<2x1x5xi64>) {
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NOT: memref.load
// The reduction and its fills see the outputs without their unit dimension.
// CHECK: %[[VALV:.*]] = memref.collapse_shape %[[VAL]] {{\[\[}}0, 1], [2]] : memref<2x1x5xf32> into memref<2x5xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c10 : index, %[[INF]] : f32, %[[VALV]] : memref<2x5xf32>)
// CHECK-NEXT: %[[IDXV:.*]] = memref.collapse_shape %[[IDX]] {{\[\[}}0, 1], [2]] : memref<2x1x5xi64> into memref<2x5xi64>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c10 : index, %c0_i64 : i64, %[[IDXV]] : memref<2x5xi64>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c10 : index, %[[IN]] : memref<2x9x5xf32>, %[[VALV]] : memref<2x5xf32>, %[[IDXV]] : memref<2x5xi64>, %c0 : index, %c9 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}min.NaN.f32{{.*}}selp.b64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_1
// SEED: %[[O:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (2, 5) : index, index
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[O]]#0, %[[K]], %[[O]]#1] : memref<2x9x5xf32>
// SEED: arith.index_cast %[[K]] : index to i64
// SEED-NEXT: arith.minimumf
// SEED-NEXT: arith.cmpf olt
// SEED-NEXT: arith.select
// SEED-NEXT: memref.store %{{.*}}, %{{.*}}[%[[O]]#0, %[[O]]#1] : memref<2x5xf32>
// SEED-NEXT: memref.store %{{.*}}, %{{.*}}[%[[O]]#0, %[[O]]#1] : memref<2x5xi64>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
module {
  func.func @main(%arg0: tensor<2x9x5xf32>) -> (tensor<2x1x5xf32>, tensor<2x1x5xi64>) {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0x7F800000 : f32
    %0 = tensor.empty() : tensor<2x1x5xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<2x1x5xi64>) -> tensor<2x1x5xi64>
    %2 = tensor.empty() : tensor<2x1x5xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x1x5xf32>) -> tensor<2x1x5xf32>
    %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0 : tensor<2x9x5xf32>) outs(%3, %1 : tensor<2x1x5xf32>, tensor<2x1x5xi64>) {
    ^bb0(%in: f32, %out: f32, %out_0: i64):
      %5 = linalg.index 1 : index
      %6 = arith.index_cast %5 : index to i64
      %7 = arith.minimumf %in, %out : f32
      %8 = arith.cmpf olt, %in, %out : f32
      %9 = arith.select %8, %6, %out_0 : i64
      linalg.yield %7, %9 : f32, i64
    } -> (tensor<2x1x5xf32>, tensor<2x1x5xi64>)
    return %4#0, %4#1 : tensor<2x1x5xf32>, tensor<2x1x5xi64>
  }
}
