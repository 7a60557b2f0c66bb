// aten.avg_pool2d(kernel 3, stride 3) as Torch-MLIR emits it:
// linalg.pooling_nchw_sum into a zero init, then a linalg.generic dividing by
// the window size (9.0). The divide runs in place on the out-param.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x3x6x6xf32>, %[[OUT:arg[0-9]+]]: memref<1x3x2x2xf32>) {
// CHECK: %[[NINE:.*]] = arith.constant 9.000000e+00 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c12 : index, %cst : f32, %[[OUT]] : memref<1x3x2x2xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c12 : index, %[[IN]] : memref<1x3x6x6xf32>, %c0 : index, %[[OUT]] : memref<1x3x2x2xf32>, %c3 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c12 : index, %[[OUT]] : memref<1x3x2x2xf32>, %c0 : index, %[[NINE]] : f32)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}add.rn.f32
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}div.rn.f32
// CHECK-NOT: gpu.binary

// SEED: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 + s0 * 3)>
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for %[[KH:arg[0-9]+]] =
// SEED-NEXT: scf.for %[[KW:arg[0-9]+]] =
// SEED-NEXT: affine.apply #[[MAP]](%[[KH]])
// SEED-NEXT: affine.apply #[[MAP]](%[[KW]])
// SEED: arith.addf
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: arith.divf

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<1x3x6x6xf32>) -> tensor<1x3x2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x3x2x2xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%arg0, %2 : tensor<1x3x6x6xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x3x2x2xf32>) outs(%0 : tensor<1x3x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_0 : f32
      linalg.yield %5 : f32
    } -> tensor<1x3x2x2xf32>
    return %4 : tensor<1x3x2x2xf32>
  }
}
