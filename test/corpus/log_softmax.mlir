// log_softmax over the last dim of a 3-D tensor (aten.log_softmax): max-reduce,
// subtract, sum of exp (exp fused into the reduction body), then x - log(sum).
// The 2x3x1 row temporary is shared by the max and the sum.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x3x16xf32>, %[[OUT:arg[0-9]+]]: memref<2x3x16xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[ROW:.*]] = gpu.alloc () : memref<2x3x1xf32>
// The reductions run over 6 rows of 16: the input, the output and the
// temporary seen without their unit and batch dimensions.
// CHECK-NEXT: %[[INR:.*]] = memref.collapse_shape %[[IN]] {{\[\[}}0, 1], [2]] : memref<2x3x16xf32> into memref<6x16xf32>
// CHECK-NEXT: %[[ROWV:.*]] = memref.collapse_shape %[[ROW]] {{\[\[}}0, 1, 2]] : memref<2x3x1xf32> into memref<6xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c6 : index, %cst : f32, %[[ROWV]] : memref<6xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c6 : index, %[[INR]] : memref<6x16xf32>, %[[ROWV]] : memref<6xf32>, %c0 : index, %c16 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c96 : index, %[[IN]] : memref<2x3x16xf32>, %[[ROW]] : memref<2x3x1xf32>, %c0 : index, %[[OUT]] : memref<2x3x16xf32>)
// CHECK-NEXT: %[[OUTR:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1], [2]] : memref<2x3x16xf32> into memref<6x16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c6 : index, %cst_0 : f32, %[[ROWV]] : memref<6xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c6 : index, %[[OUTR]] : memref<6x16xf32>, %[[ROWV]] : memref<6xf32>, %c0 : index, %c16 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_4::@main_kernel_4 {{.*}} args(%c96 : index, %[[OUT]] : memref<2x3x16xf32>, %[[ROW]] : memref<2x3x1xf32>, %c0 : index)
// CHECK-NEXT: gpu.dealloc %[[ROW]]
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ex2.approx.ftz.f32{{.*}}add.rn.f32
// CHECK: gpu.binary @main_kernel_4 {ks.ptxas = {sm_90 = {main_kernel_4 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}0f3F317218{{.*}}sub.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_3
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<6x16xf32>
// SEED-NEXT: memref.load
// SEED-NEXT: math.exp
// SEED-NEXT: arith.addf
// SEED-LABEL: gpu.module @main_kernel_4
// SEED: math.log
// SEED-NEXT: arith.subf

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @main(%arg0: tensor<2x3x16xf32>) -> tensor<2x3x16xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x3x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x3x16xf32>) outs(%1 : tensor<2x3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.maximumf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<2x3x1xf32>
    %3 = tensor.empty() : tensor<2x3x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %2 : tensor<2x3x16xf32>, tensor<2x3x1xf32>) outs(%3 : tensor<2x3x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.subf %in, %in_1 : f32
      linalg.yield %9 : f32
    } -> tensor<2x3x16xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4 : tensor<2x3x16xf32>) outs(%5 : tensor<2x3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = math.exp %in : f32
      %10 = arith.addf %9, %out : f32
      linalg.yield %10 : f32
    } -> tensor<2x3x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4, %6 : tensor<2x3x16xf32>, tensor<2x3x1xf32>) outs(%3 : tensor<2x3x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = math.log %in_1 : f32
      %10 = arith.subf %in, %9 : f32
      linalg.yield %10 : f32
    } -> tensor<2x3x16xf32>
    return %7 : tensor<2x3x16xf32>
  }
}
