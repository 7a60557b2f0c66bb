// Broadcasting linalg.generics: a bias add along the last dim ((d0,d1,d2)->(d2))
// and a keepdim broadcast multiply ((d0,d1,d2)->(d0,0,d2)), fused into one
// kernel of 2 blocks x 256 threads.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<2x8x32xf32>, %[[BIAS:arg[0-9]+]]: memref<32xf32>, %[[S:arg[0-9]+]]: memref<2x1x32xf32>, %[[OUT:arg[0-9]+]]: memref<2x8x32xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%c512 : index, %[[X]] : memref<2x8x32xf32>, %[[BIAS]] : memref<32xf32>, %[[S]] : memref<2x1x32xf32>, %c0 : index, %[[OUT]] : memref<2x8x32xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}add.rn.f32{{.*}}mul.rn.f32
// CHECK-NOT: gpu.binary

// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %{{.*}} into (2, 8, 32) : index, index, index
// SEED-NEXT: memref.load %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<2x8x32xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[I]]#2] : memref<32xf32>
// SEED-NEXT: memref.load %{{.*}}[%[[I]]#0, %{{.*}}, %[[I]]#2] : memref<2x1x32xf32>
// SEED-NEXT: arith.addf
// SEED-NEXT: arith.mulf

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
module {
  func.func @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<2x1x32xf32>) -> tensor<2x8x32xf32> {
    %0 = tensor.empty() : tensor<2x8x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x8x32xf32>, tensor<32xf32>) outs(%0 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.addf %in, %in_0 : f32
      linalg.yield %3 : f32
    } -> tensor<2x8x32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %arg2 : tensor<2x8x32xf32>, tensor<2x1x32xf32>) outs(%0 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      linalg.yield %3 : f32
    } -> tensor<2x8x32xf32>
    return %2 : tensor<2x8x32xf32>
  }
}
