// Sum over dims 0 and 2 of a 4x6x8 tensor with iterator_types
// ["reduction", "parallel", "reduction"]: the parallel dim is moved outside,
// each of the 6 threads loops over both reduction dims (4 x 8).
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<4x6x8xf32>, %[[OUT:arg[0-9]+]]: memref<6xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c6 : index, %cst : f32, %[[OUT]] : memref<6xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c6 : index, %[[IN]] : memref<4x6x8xf32>, %[[OUT]] : memref<6xf32>, %c0 : index, %c8 : index, %c1 : index, %c4 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}add.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: gpu.func @main_kernel_0(%{{.*}}: index, %{{.*}}: memref<4x6x8xf32>, %{{.*}}: memref<6xf32>, %[[LB:arg[0-9]+]]: index, %[[EIGHT:arg[0-9]+]]: index, %[[STEP:arg[0-9]+]]: index, %[[FOUR:arg[0-9]+]]: index)
// SEED: scf.for %[[D0:arg[0-9]+]] = %[[LB]] to %[[FOUR]] step %[[STEP]] {
// SEED-NEXT: scf.for %[[D2:arg[0-9]+]] = %[[LB]] to %[[EIGHT]] step %[[STEP]] {
// SEED-NEXT: memref.load %{{.*}}[%[[D0]], %thread_id_x, %[[D2]]] : memref<4x6x8xf32>
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x] : memref<6xf32>
// SEED-NEXT: arith.addf
// SEED-NEXT: memref.store %{{.*}}, %{{.*}}[%thread_id_x] : memref<6xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1)>
module {
  func.func @main(%arg0: tensor<4x6x8xf32>) -> tensor<6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<6xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction"]} ins(%arg0 : tensor<4x6x8xf32>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %out : f32
      linalg.yield %3 : f32
    } -> tensor<6xf32>
    return %2 : tensor<6xf32>
  }
}
