// Softmax over the last dim as Torch-MLIR decomposes aten.softmax: max-reduce
// (keepdim, -inf init), sub + exp, sum-reduce, divide. Six kernels; the 4x1
// temporary holding the row max is reused for the row sum (re-zeroed by its
// own fill kernel after the exp kernel has consumed the max).
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<4x10xf32>, %[[OUT:arg[0-9]+]]: memref<4x10xf32>) {
// CHECK-DAG: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT: memref.load
// CHECK: %[[ROW:.*]] = gpu.alloc () : memref<4x1xf32>
// The reductions see the temporary without its unit dimension.
// CHECK-NEXT: %[[ROWV:.*]] = memref.collapse_shape %[[ROW]] {{\[\[}}0, 1]] : memref<4x1xf32> into memref<4xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c4 : index, %[[NEGINF]] : f32, %[[ROWV]] : memref<4xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c4 : index, %[[IN]] : memref<4x10xf32>, %[[ROWV]] : memref<4xf32>, %c0 : index, %c10 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} threads in (%c64, %c1, %c1) args(%c40 : index, %[[IN]] : memref<4x10xf32>, %[[ROW]] : memref<4x1xf32>, %c0 : index, %[[OUT]] : memref<4x10xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c4 : index, %[[ZERO]] : f32, %[[ROWV]] : memref<4xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c4 : index, %[[OUT]] : memref<4x10xf32>, %[[ROWV]] : memref<4xf32>, %c0 : index, %c10 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_4::@main_kernel_4 {{.*}} threads in (%c64, %c1, %c1) args(%c40 : index, %[[OUT]] : memref<4x10xf32>, %[[ROW]] : memref<4x1xf32>, %c0 : index)
// CHECK-NEXT: gpu.dealloc %[[ROW]] : memref<4x1xf32>
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}sub.rn.f32{{.*}}ex2.approx.ftz.f32
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}add.rn.f32
// CHECK: gpu.binary @main_kernel_4 {ks.ptxas = {sm_90 = {main_kernel_4 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}div.rn.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for %[[K:arg[0-9]+]] =
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x, %[[K]]] : memref<4x10xf32>
// SEED-NEXT: memref.load %{{.*}}[%thread_id_x] : memref<4xf32>
// SEED-NEXT: arith.maximumf
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (4, 10)
// SEED-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I]]#0, %[[I]]#1] : memref<4x10xf32>
// SEED-NEXT: %[[M:.*]] = memref.load %{{.*}}[%[[I]]#0, %{{.*}}] : memref<4x1xf32>
// SEED-NEXT: %[[D:.*]] = arith.subf %[[X]], %[[M]] : f32
// SEED-NEXT: math.exp %[[D]] : f32
// SEED-LABEL: gpu.module @main_kernel_3
// SEED: scf.for
// SEED: arith.addf
// SEED-LABEL: gpu.module @main_kernel_4
// SEED: arith.divf

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @main(%arg0: tensor<4x10xf32>) -> tensor<4x10xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x10xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.maximumf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<4x1xf32>
    %3 = tensor.empty() : tensor<4x10xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<4x10xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.subf %in, %in_1 : f32
      %10 = math.exp %9 : f32
      linalg.yield %10 : f32
    } -> tensor<4x10xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<4x10xf32>) outs(%5 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<4x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<4x10xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.divf %in, %in_1 : f32
      linalg.yield %9 : f32
    } -> tensor<4x10xf32>
    return %7 : tensor<4x10xf32>
  }
}
