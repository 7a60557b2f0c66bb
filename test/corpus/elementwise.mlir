// Two elementwise linalg.generics (sub, mul by 0.5; then div, neg, clamp to
// [-6, 6] with maximumf/minimumf) fused into a single kernel; the scalar
// constants are passed as kernel arguments.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<8x16xf32>, %[[B:arg[0-9]+]]: memref<8x16xf32>, %[[OUT:arg[0-9]+]]: memref<8x16xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c128 : index, %[[A]] : memref<8x16xf32>, %[[B]] : memref<8x16xf32>, %cst : f32, %cst_0 : f32, %cst_1 : f32, %[[OUT]] : memref<8x16xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}sub.rn.f32{{.*}}mul.rn.f32{{.*}}div.rn.f32{{.*}}max.NaN.f32{{.*}}min.NaN.f32
// CHECK-NOT: gpu.binary

// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (8, 16) : index, index
// SEED: arith.subf
// SEED-NEXT: arith.mulf
// SEED-NEXT: arith.divf
// SEED-NEXT: arith.negf
// SEED-NEXT: arith.maximumf
// SEED-NEXT: arith.minimumf
// SEED-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]]#0, %[[I]]#1] : memref<8x16xf32>
// SEED-NOT: memref.store

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant -6.000000e+00 : f32
    %cst_1 = arith.constant 6.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%0 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %2 = arith.subf %in, %in_2 : f32
      %3 = arith.mulf %2, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%0 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %5 = arith.divf %in, %in_2 : f32
      %6 = arith.negf %5 : f32
      %7 = arith.maximumf %6, %cst_0 : f32
      %8 = arith.minimumf %7, %cst_1 : f32
      linalg.yield %8 : f32
    } -> tensor<8x16xf32>
    return %4 : tensor<8x16xf32>
  }
}
