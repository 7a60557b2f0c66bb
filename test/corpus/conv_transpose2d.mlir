// Transposed convolution (aten.conv_transpose2d, stride 2, padding 1) as
// Torch-MLIR expresses it: the weight is transposed (Cin<->Cout) and flipped
// with a linalg.generic using linalg.index + tensor.extract, the input is
// scattered with stride 2 into a zero-filled 1x2x9x9 tensor by a strided
// tensor.insert_slice, and a regular stride-1 conv_2d_nchw_fchw runs on that.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x2x4x4xf32>, %[[W:arg[0-9]+]]: memref<2x3x3x3xf32>, %[[BIAS:arg[0-9]+]]: memref<3xf32>, %[[OUT:arg[0-9]+]]: memref<1x3x7x7xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[WF:.*]] = gpu.alloc () : memref<3x2x3x3xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c54 : index, %c2 : index, %[[W]] : memref<2x3x3x3xf32>, %[[WF]] : memref<3x2x3x3xf32>)
// CHECK-NEXT: %[[UP:.*]] = gpu.alloc () : memref<1x2x9x9xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c162 : index, %cst : f32, %[[UP]] : memref<1x2x9x9xf32>, %c0 : index)
// CHECK-NEXT: %[[SV:.*]] = memref.subview %[[UP]][0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : memref<1x2x9x9xf32> to memref<1x2x4x4xf32, strided<[162, 81, 18, 2], offset: 10>>
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c32 : index, %[[IN]] : memref<1x2x4x4xf32>, %c0 : index, %[[SV]] : memref<1x2x4x4xf32, strided<[162, 81, 18, 2], offset: 10>>)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c147 : index, %[[BIAS]] : memref<3xf32>, %[[OUT]] : memref<1x3x7x7xf32>, %c0 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c147 : index, %[[UP]] : memref<1x2x9x9xf32>, %c0 : index, %[[WF]] : memref<3x2x3x3xf32>, %[[OUT]] : memref<1x3x7x7xf32>, %c3 : index, %c1 : index, %c2 : index)
// CHECK-DAG: gpu.dealloc %[[UP]] : memref<1x2x9x9xf32>
// CHECK-DAG: gpu.dealloc %[[WF]] : memref<3x2x3x3xf32>
// CHECK: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel
// SEED: gpu.func @main_kernel(%{{.*}}: index, %[[TWO:arg[0-9]+]]: index, %[[SW:arg[0-9]+]]: memref<2x3x3x3xf32>, %[[SWF:arg[0-9]+]]: memref<3x2x3x3xf32>)
// SEED: %[[I:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (3, 2, 3, 3)
// SEED-NEXT: %[[RH:.*]] = arith.subi %[[TWO]], %[[I]]#2 : index
// SEED-NEXT: %[[RW:.*]] = arith.subi %[[TWO]], %[[I]]#3 : index
// SEED-NEXT: %[[V:.*]] = memref.load %[[SW]][%[[I]]#1, %[[I]]#0, %[[RH]], %[[RW]]] : memref<2x3x3x3xf32>
// SEED-NEXT: memref.store %[[V]], %[[SWF]][%[[I]]#0, %[[I]]#1, %[[I]]#2, %[[I]]#3] : memref<3x2x3x3xf32>
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: memref.store %{{.*}} : memref<1x2x4x4xf32, strided<[162, 81, 18, 2], offset: 10>>

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @main(%arg0: tensor<1x2x4x4xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<3xf32>) -> tensor<1x3x7x7xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %0 = tensor.empty() : tensor<3x2x3x3xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%0 : tensor<3x2x3x3xf32>) {
    ^bb0(%out: f32):
      %7 = linalg.index 0 : index
      %8 = linalg.index 1 : index
      %9 = linalg.index 2 : index
      %10 = linalg.index 3 : index
      %11 = arith.subi %c2, %9 : index
      %12 = arith.subi %c2, %10 : index
      %extracted = tensor.extract %arg1[%8, %7, %11, %12] : tensor<2x3x3x3xf32>
      linalg.yield %extracted : f32
    } -> tensor<3x2x3x3xf32>
    %2 = tensor.empty() : tensor<1x2x9x9xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %3[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x9x9xf32>
    %4 = tensor.empty() : tensor<1x3x7x7xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<3xf32>) outs(%4 : tensor<1x3x7x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x3x7x7xf32>
    %6 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%inserted_slice, %1 : tensor<1x2x9x9xf32>, tensor<3x2x3x3xf32>) outs(%5 : tensor<1x3x7x7xf32>) -> tensor<1x3x7x7xf32>
    return %6 : tensor<1x3x7x7xf32>
  }
}
