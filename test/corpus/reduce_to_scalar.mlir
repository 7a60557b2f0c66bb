// Full reduction to a 0-d result (sum of squares into tensor<f32>): the result
// is a memref<f32> out-param; with no parallel dims both the fill and the
// reduction run as single-thread kernels (1 block x 1 thread) with the whole
// loop nest inside.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<8x16xf32>, %[[OUT:arg[0-9]+]]: memref<f32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%cst : f32, %[[OUT]] : memref<f32>)
// The two reduction loops are one over the 128 elements.
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[IN]] {{\[\[}}0, 1]] : memref<8x16xf32> into memref<128xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%[[FLAT]] : memref<128xf32>, %[[OUT]] : memref<f32>, %c0 : index, %c128 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.maxntid 1, 1, 1{{.*}}mul.rn.f32{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: memref.store %arg0, %arg1[] : memref<f32>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>
// SEED-NOT: affine.delinearize_index
// SEED: scf.for %[[I:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%[[I]]] : memref<128xf32>
// SEED-NEXT: memref.load %{{.*}}[] : memref<f32>
// SEED: memref.store %{{.*}}, %{{.*}}[] : memref<f32>

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @main(%arg0: tensor<8x16xf32>) -> tensor<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %in : f32
      %4 = arith.addf %3, %out : f32
      linalg.yield %4 : f32
    } -> tensor<f32>
    return %2 : tensor<f32>
  }
}
