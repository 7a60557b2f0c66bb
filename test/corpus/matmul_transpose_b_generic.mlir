// The transpose-B matmul written as a linalg.generic with iterator_types
// ["parallel", "parallel", "reduction"]: same kernels as the named op.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<4x8xf32>, %[[B:arg[0-9]+]]: memref<16x8xf32>, %[[C:arg[0-9]+]]: memref<4x16xf32>) {
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c64 : index, %cst : f32, %[[C]] : memref<4x16xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c64 : index, %[[A]] : memref<4x8xf32>, %[[B]] : memref<16x8xf32>, %[[C]] : memref<4x16xf32>, %c0 : index, %c8 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}mul.rn.f32{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[IJ:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 16) : index, index
// SEED-NEXT: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%[[IJ]]#0, %[[K]]] : memref<4x8xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[IJ]]#1, %[[K]]] : memref<16x8xf32>
// SEED: memref.store %{{.*}}, %{{.*}}[%[[IJ]]#0, %[[IJ]]#1] : memref<4x16xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<16x8xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<4x16xf32>
    return %2 : tensor<4x16xf32>
  }
}
