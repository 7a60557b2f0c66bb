// A function with two results: an elementwise product and its row sums. Both
// are out-params; the reduction reads the first out-param, so the product is
// computed once and not recomputed.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<6x20xf32>, %[[B:arg[0-9]+]]: memref<6x20xf32>, %[[PROD:arg[0-9]+]]: memref<6x20xf32>, %[[SUM:arg[0-9]+]]: memref<6xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c120 : index, %[[A]] : memref<6x20xf32>, %[[B]] : memref<6x20xf32>, %[[PROD]] : memref<6x20xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c6 : index, %cst : f32, %[[SUM]] : memref<6xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c6 : index, %[[PROD]] : memref<6x20xf32>, %[[SUM]] : memref<6xf32>, %c0 : index, %c20 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}mul.rn.f32
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @main(%arg0: tensor<6x20xf32>, %arg1: tensor<6x20xf32>) -> (tensor<6x20xf32>, tensor<6xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<6x20xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x20xf32>, tensor<6x20xf32>) outs(%0 : tensor<6x20xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %5 = arith.mulf %in, %in_0 : f32
      linalg.yield %5 : f32
    } -> tensor<6x20xf32>
    %2 = tensor.empty() : tensor<6xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6xf32>) -> tensor<6xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<6x20xf32>) outs(%3 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %out : f32
      linalg.yield %5 : f32
    } -> tensor<6xf32>
    return %1, %4 : tensor<6x20xf32>, tensor<6xf32>
  }
}
