// An f16 matmul computed in f32, as Torch-MLIR emits for half inputs with f32
// accumulation: arith.extf of both operands, linalg.matmul in f32, arith.truncf
// of the result. The function signature keeps f16; the f32 temporaries live in
// device memory and are freed.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[A:arg[0-9]+]]: memref<8x16xf16>, %[[B:arg[0-9]+]]: memref<16x8xf16>, %[[OUT:arg[0-9]+]]: memref<8x8xf16>) {
// CHECK-NOT: memref.load
// CHECK: %[[AF:.*]] = gpu.alloc () : memref<8x16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c128 : index, %[[A]] : memref<8x16xf16>, %[[AF]] : memref<8x16xf32>)
// CHECK-NEXT: %[[BF:.*]] = gpu.alloc () : memref<16x8xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c128 : index, %[[B]] : memref<16x8xf16>, %[[BF]] : memref<16x8xf32>)
// CHECK-NEXT: %[[CF:.*]] = gpu.alloc () : memref<8x8xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c64 : index, %cst : f32, %[[CF]] : memref<8x8xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c64 : index, %[[AF]] : memref<8x16xf32>, %[[BF]] : memref<16x8xf32>, %[[CF]] : memref<8x8xf32>, %c0 : index, %c16 : index, %c1 : index)
// CHECK-DAG: gpu.dealloc %[[BF]]
// CHECK-DAG: gpu.dealloc %[[AF]]
// CHECK: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c64 : index, %[[CF]] : memref<8x8xf32>, %[[OUT]] : memref<8x8xf16>)
// CHECK-NEXT: gpu.dealloc %[[CF]]
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}ld.global.b16{{.*}}cvt.f32.f16{{.*}}st.global.b32
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ld.global.b16{{.*}}cvt.f32.f16{{.*}}st.global.b32
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ld.global.b32{{.*}}cvt.rn.f16.f32{{.*}}st.global.b16
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: arith.extf %{{.*}} : f16 to f32
// SEED-LABEL: gpu.module @main_kernel_3
// SEED: arith.truncf %{{.*}} : f32 to f16

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<8x16xf16>, %arg1: tensor<16x8xf16>) -> tensor<8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%0 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %9 = arith.extf %in : f16 to f32
      linalg.yield %9 : f32
    } -> tensor<8x16xf32>
    %2 = tensor.empty() : tensor<16x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<16x8xf16>) outs(%2 : tensor<16x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %9 = arith.extf %in : f16 to f32
      linalg.yield %9 : f32
    } -> tensor<16x8xf32>
    %4 = tensor.empty() : tensor<8x8xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %6 = linalg.matmul ins(%1, %3 : tensor<8x16xf32>, tensor<16x8xf32>) outs(%5 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %7 = tensor.empty() : tensor<8x8xf16>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<8x8xf32>) outs(%7 : tensor<8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %9 = arith.truncf %in : f32 to f16
      linalg.yield %9 : f16
    } -> tensor<8x8xf16>
    return %8 : tensor<8x8xf16>
  }
}
