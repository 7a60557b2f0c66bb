// Integer tensors: i64 arithmetic (muli, addi, divsi guarded by cmpi/select,
// remsi, shli, xori, andi), an i1 result from cmpi sgt, and casts back to f32
// with arith.sitofp (i64) and arith.uitofp (i1). Three results, three
// out-params; i1 is stored as a byte.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<4x16xi64>, %[[B:arg[0-9]+]]: memref<4x16xi64>, %[[R0:arg[0-9]+]]: memref<4x16xi64>, %[[R1:arg[0-9]+]]: memref<4x16xi1>, %[[R2:arg[0-9]+]]: memref<4x16xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c64 : index, %[[A]] : memref<4x16xi64>, %[[B]] : memref<4x16xi64>, %c3_i64 : i64, %c0_i64 : i64, %c7_i64 : i64, %c2_i64 : i64, %[[R0]] : memref<4x16xi64>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c64 : index, %[[R0]] : memref<4x16xi64>, %[[B]] : memref<4x16xi64>, %[[R1]] : memref<4x16xi1>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c64 : index, %[[R0]] : memref<4x16xi64>, %[[R1]] : memref<4x16xi1>, %[[R2]] : memref<4x16xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}div.s64{{.*}}rem.s64{{.*}}shl.b64{{.*}}xor.b64{{.*}}and.b64
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}setp.gt.s64{{.*}}st.global.b8
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ld.global.b8{{.*}}cvt.rn.f32.s64{{.*}}cvt.rn.f32.u32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: arith.muli
// SEED-NEXT: arith.addi
// SEED-NEXT: arith.cmpi eq
// SEED-NEXT: arith.select
// SEED-NEXT: arith.divsi
// SEED-NEXT: arith.remsi
// SEED-NEXT: arith.shli
// SEED-NEXT: arith.xori
// SEED-NEXT: arith.andi
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[C:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
// SEED-NEXT: memref.store %[[C]], %{{.*}} : memref<4x16xi1>
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: arith.sitofp %{{.*}} : i64 to f32
// SEED-NEXT: arith.uitofp %{{.*}} : i1 to f32

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x16xi64>, %arg1: tensor<4x16xi64>) -> (tensor<4x16xi64>, tensor<4x16xi1>, tensor<4x16xf32>) {
    %c3_i64 = arith.constant 3 : i64
    %c7_i64 = arith.constant 7 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %0 = tensor.empty() : tensor<4x16xi64>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x16xi64>, tensor<4x16xi64>) outs(%0 : tensor<4x16xi64>) {
    ^bb0(%in: i64, %in_0: i64, %out: i64):
      %5 = arith.muli %in, %c3_i64 : i64
      %6 = arith.addi %5, %in_0 : i64
      %7 = arith.cmpi eq, %in_0, %c0_i64 : i64
      %8 = arith.select %7, %c7_i64, %in_0 : i64
      %9 = arith.divsi %6, %8 : i64
      %10 = arith.remsi %in, %c7_i64 : i64
      %11 = arith.shli %10, %c2_i64 : i64
      %12 = arith.xori %9, %11 : i64
      %13 = arith.andi %12, %in : i64
      linalg.yield %13 : i64
    } -> tensor<4x16xi64>
    %2 = tensor.empty() : tensor<4x16xi1>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg1 : tensor<4x16xi64>, tensor<4x16xi64>) outs(%2 : tensor<4x16xi1>) {
    ^bb0(%in: i64, %in_0: i64, %out: i1):
      %5 = arith.cmpi sgt, %in, %in_0 : i64
      linalg.yield %5 : i1
    } -> tensor<4x16xi1>
    %4 = tensor.empty() : tensor<4x16xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %3 : tensor<4x16xi64>, tensor<4x16xi1>) outs(%4 : tensor<4x16xf32>) {
    ^bb0(%in: i64, %in_0: i1, %out: f32):
      %7 = arith.sitofp %in : i64 to f32
      %8 = arith.uitofp %in_0 : i1 to f32
      %9 = arith.addf %7, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<4x16xf32>
    return %1, %3, %6 : tensor<4x16xi64>, tensor<4x16xi1>, tensor<4x16xf32>
  }
}
