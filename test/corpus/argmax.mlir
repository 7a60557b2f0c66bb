// argmax over the last dim as Torch-MLIR emits aten.argmax: one linalg.generic
// with two results (max value init -inf, i64 index init 0), linalg.index for
// the position, cmpf ogt + select. Only the index is returned; the value
// accumulator is a device temporary. One kernel updates both accumulators.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<4x10xf32>, %[[IDX:arg[0-9]+]]: memref<4xi64>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c4 : index, %c0_i64 : i64, %[[IDX]] : memref<4xi64>)
// CHECK-NEXT: %[[VAL:.*]] = gpu.alloc () : memref<4xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c4 : index, %cst : f32, %[[VAL]] : memref<4xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c4 : index, %[[IN]] : memref<4x10xf32>, %[[VAL]] : memref<4xf32>, %[[IDX]] : memref<4xi64>, %c0 : index, %c10 : index, %c1 : index)
// CHECK-NEXT: gpu.dealloc %[[VAL]] : memref<4xf32>
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32{{.*}}setp.gt.f32{{.*}}selp.b64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_1
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: %[[X:.*]] = memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<4x10xf32>
// SEED-NEXT: %[[M:.*]] = memref.load %{{.*}}[%thread_id_x] : memref<4xf32>
// SEED-NEXT: %[[I:.*]] = memref.load %{{.*}}[%thread_id_x] : memref<4xi64>
// SEED-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
// SEED-NEXT: %[[NM:.*]] = arith.maximumf %[[X]], %[[M]] : f32
// SEED-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[M]] : f32
// SEED-NEXT: %[[NI:.*]] = arith.select %[[GT]], %[[KI]], %[[I]] : i64
// SEED-NEXT: memref.store %[[NM]], %{{.*}}[%thread_id_x] : memref<4xf32>
// SEED-NEXT: memref.store %[[NI]], %{{.*}}[%thread_id_x] : memref<4xi64>

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @main(%arg0: tensor<4x10xf32>) -> tensor<4xi64> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<4xi64>) -> tensor<4xi64>
    %2 = tensor.empty() : tensor<4xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
    %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x10xf32>) outs(%3, %1 : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_0: i64):
      %5 = linalg.index 1 : index
      %6 = arith.index_cast %5 : index to i64
      %7 = arith.maximumf %in, %out : f32
      %8 = arith.cmpf ogt, %in, %out : f32
      %9 = arith.select %8, %6, %out_0 : i64
      linalg.yield %7, %9 : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %4#1 : tensor<4xi64>
  }
}
