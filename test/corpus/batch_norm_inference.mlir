// BatchNorm in inference mode with folded running stats (aten.batch_norm,
// training=False): one elementwise generic with four per-channel dense
// constants (mean, var, weight, bias). One kernel over [2, 4, 36] (the rows
// and columns merged: ks-collapse-elementwise-dims); the four constants
// become .global arrays in its PTX, not kernel arguments.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<2x4x6x6xf32>, %[[OUT:arg[0-9]+]]: memref<2x4x6x6xf32>) {
// CHECK-NOT: memref.load
// CHECK-NOT: memref.get_global
// CHECK: %[[XC:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0], [1], [2, 3]] : memref<2x4x6x6xf32> into memref<2x4x36xf32>
// CHECK-NEXT: %[[OUTC:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0], [1], [2, 3]] : memref<2x4x6x6xf32> into memref<2x4x36xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%c288 : index, %[[XC]] : memref<2x4x36xf32>, %cst : f32, %[[OUTC]] : memref<2x4x36xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}.global .align 64 .b8 __constant_4xf32[16] = {0, 0, 0, 62, 0, 0, 128, 190, 0, 0, 0, 63, 0, 0, 128, 61};
// CHECK-SAME: {{.*}}.global .align 64 .b8 __constant_4xf32_0[16]
// CHECK-SAME: {{.*}}.global .align 64 .b8 __constant_4xf32_1[16]
// CHECK-SAME: {{.*}}.global .align 64 .b8 __constant_4xf32_2[16]
// CHECK-SAME: {{.*}}rsqrt.approx.f32
// CHECK-NOT: gpu.binary

// SEED-COUNT-4: memref.get_global @__constant_4xf32{{(_[0-9])?}} : memref<4xf32>
// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %{{.*}} into (2, 4, 36)
// SEED-COUNT-4: memref.load %{{.*}}[%[[I]]#1] : memref<4xf32>
// SEED: math.rsqrt

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
    %cst = arith.constant 9.99999974E-6 : f32
    %cst_0 = arith.constant dense<[0.125, -0.25, 0.5, 0.0625]> : tensor<4xf32>
    %cst_1 = arith.constant dense<[1.0, 0.5, 2.0, 0.75]> : tensor<4xf32>
    %cst_2 = arith.constant dense<[0.9, 1.1, 1.0, 1.2]> : tensor<4xf32>
    %cst_3 = arith.constant dense<[0.0, 0.1, -0.1, 0.2]> : tensor<4xf32>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map1, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %cst_0, %cst_1, %cst_2, %cst_3 : tensor<2x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %in_6: f32, %in_7: f32, %out: f32):
      %2 = arith.addf %in_5, %cst : f32
      %3 = math.rsqrt %2 : f32
      %4 = arith.subf %in, %in_4 : f32
      %5 = arith.mulf %4, %3 : f32
      %6 = arith.mulf %5, %in_6 : f32
      %7 = arith.addf %6, %in_7 : f32
      linalg.yield %7 : f32
    } -> tensor<2x4x6x6xf32>
    return %1 : tensor<2x4x6x6xf32>
  }
}
