// Transcendental math ops in two elementwise generics: exp, log, tanh and
// erf, sqrt, rsqrt, powf, absf. They are expanded in the kernel (libdevice
// code inlined, no calls left): exp via ex2.approx, log via the ln2
// polynomial, erf's |x| < 1.00295 split, rsqrt via rsqrt.approx, powf's
// integer-exponent test (cvt.rzi).
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<4x32xf32>, %[[R0:arg[0-9]+]]: memref<4x32xf32>, %[[R1:arg[0-9]+]]: memref<4x32xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c128 : index, %[[IN]] : memref<4x32xf32>, %cst : f32, %[[R0]] : memref<4x32xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c128 : index, %[[IN]] : memref<4x32xf32>, %cst : f32, %cst_0 : f32, %[[R1]] : memref<4x32xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}ex2.approx.ftz.f32{{.*}}0f3F317218{{.*}}ex2.approx.ftz.f32{{.*}}rcp.approx.ftz.f32{{.*}}copysign.f32
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}0f3F8060FE{{.*}}ex2.approx.ftz.f32{{.*}}copysign.f32{{.*}}sqrt.{{(approx|rn)}}.f32{{.*}}rsqrt.approx.f32{{.*}}cvt.rzi.f32.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: math.exp
// SEED-NEXT: math.absf
// SEED-NEXT: arith.addf
// SEED-NEXT: math.log
// SEED-NEXT: math.tanh
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: math.erf
// SEED-NEXT: math.absf
// SEED-NEXT: math.sqrt
// SEED-NEXT: arith.addf
// SEED-NEXT: math.rsqrt
// SEED-NEXT: math.powf

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>) {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 1.500000e+00 : f32
    %0 = tensor.empty() : tensor<4x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x32xf32>) outs(%0 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.exp %in : f32
      %4 = math.absf %in : f32
      %5 = arith.addf %4, %cst : f32
      %6 = math.log %5 : f32
      %7 = math.tanh %in : f32
      %8 = arith.addf %3, %6 : f32
      %9 = arith.addf %8, %7 : f32
      linalg.yield %9 : f32
    } -> tensor<4x32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x32xf32>) outs(%0 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.erf %in : f32
      %4 = math.absf %in : f32
      %5 = math.sqrt %4 : f32
      %6 = arith.addf %4, %cst : f32
      %7 = math.rsqrt %6 : f32
      %8 = math.powf %6, %cst_0 : f32
      %9 = arith.addf %3, %5 : f32
      %10 = arith.addf %9, %7 : f32
      %11 = arith.addf %10, %8 : f32
      linalg.yield %11 : f32
    } -> tensor<4x32xf32>
    return %1, %2 : tensor<4x32xf32>, tensor<4x32xf32>
  }
}
