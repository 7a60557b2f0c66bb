// Sum of squares over dim 0 with keepdim (torch.sum(x*x, 0, keepdim=True)):
// iterator_types ["reduction", "parallel"], output map (d0, d1) -> (0, d1).
// One thread per column, the 32-row reduction is the loop in the thread.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<32x12xf32>, %[[OUT:arg[0-9]+]]: memref<1x12xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[OUTV:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<1x12xf32> into memref<12xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c12 : index, %cst : f32, %[[OUTV]] : memref<12xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c12 : index, %[[IN]] : memref<32x12xf32>, %[[OUTV]] : memref<12xf32>, %c0 : index, %c32 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}mul.rn.f32{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for %[[R:arg[0-9]+]] =
// SEED-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[R]], %thread_id_x] : memref<32x12xf32>
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x] : memref<12xf32>
// SEED-NEXT: arith.mulf %[[X]], %[[X]] : f32

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (0, d1)>
module {
  func.func @main(%arg0: tensor<32x12xf32>) -> tensor<1x12xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x12xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x12xf32>) -> tensor<1x12xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<32x12xf32>) outs(%1 : tensor<1x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %in : f32
      %4 = arith.addf %3, %out : f32
      linalg.yield %4 : f32
    } -> tensor<1x12xf32>
    return %2 : tensor<1x12xf32>
  }
}
