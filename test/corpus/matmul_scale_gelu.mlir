// Fused chain matmul -> scale + bias -> exact GELU (erf form,
// 0.5*x*(1 + erf(x/sqrt(2)))) as Torch-MLIR emits aten.gelu(approximate="none").
// The scale/bias generic and the GELU generic fuse into one kernel that runs
// in place on the out-param after the matmul; erf is expanded inline.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<4x16xf32>, %[[W:arg[0-9]+]]: memref<16x32xf32>, %[[B:arg[0-9]+]]: memref<32xf32>, %[[OUT:arg[0-9]+]]: memref<4x32xf32>) {
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[RSQRT2:.*]] = arith.constant 0.707106769 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c128 : index, %cst : f32, %[[OUT]] : memref<4x32xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c128 : index, %[[X]] : memref<4x16xf32>, %[[W]] : memref<16x32xf32>, %[[OUT]] : memref<4x32xf32>, %c0 : index, %c16 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c128 : index, %[[OUT]] : memref<4x32xf32>, %[[B]] : memref<32xf32>, %[[SCALE]] : f32, %[[RSQRT2]] : f32, %[[ONE]] : f32, %[[HALF]] : f32)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}0f3F8060FE{{.*}}ex2.approx.ftz.f32{{.*}}copysign.f32{{.*}}st.global.b32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_1
// SEED: gpu.func @main_kernel_1(%{{.*}}: index, %[[O:arg[0-9]+]]: memref<4x32xf32>, %[[SB:arg[0-9]+]]: memref<32xf32>, %[[S:arg[0-9]+]]: f32, %[[R:arg[0-9]+]]: f32, %[[ONE:arg[0-9]+]]: f32, %[[HALF:arg[0-9]+]]: f32)
// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 32)
// SEED-NEXT: %[[MM:.*]] = memref.load %[[O]][%[[I]]#0, %[[I]]#1]
// SEED-NEXT: %[[BV:.*]] = memref.load %[[SB]][%[[I]]#1]
// SEED-NEXT: %[[T0:.*]] = arith.mulf %[[MM]], %[[S]] : f32
// SEED-NEXT: %[[Y:.*]] = arith.addf %[[T0]], %[[BV]] : f32
// SEED-NEXT: %[[T1:.*]] = arith.mulf %[[Y]], %[[R]] : f32
// SEED-NEXT: %[[E:.*]] = math.erf %[[T1]] : f32
// SEED-NEXT: %[[T2:.*]] = arith.addf %[[E]], %[[ONE]] : f32
// SEED-NEXT: %[[T3:.*]] = arith.mulf %[[Y]], %[[HALF]] : f32
// SEED-NEXT: %[[G:.*]] = arith.mulf %[[T3]], %[[T2]] : f32
// SEED-NEXT: memref.store %[[G]], %[[O]][%[[I]]#0, %[[I]]#1]

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<4x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32xf32>) -> tensor<4x32xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.500000e-01 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 0.707106769 : f32
    %0 = tensor.empty() : tensor<4x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x16xf32>, tensor<16x32xf32>) outs(%1 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<4x32xf32>, tensor<32xf32>) outs(%0 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %6 = arith.mulf %in, %cst_0 : f32
      %7 = arith.addf %6, %in_4 : f32
      linalg.yield %7 : f32
    } -> tensor<4x32xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x32xf32>) outs(%0 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_3 : f32
      %7 = math.erf %6 : f32
      %8 = arith.addf %7, %cst_2 : f32
      %9 = arith.mulf %in, %cst_1 : f32
      %10 = arith.mulf %9, %8 : f32
      linalg.yield %10 : f32
    } -> tensor<4x32xf32>
    return %4 : tensor<4x32xf32>
  }
}
