// A two-layer MLP with constant weights, as Torch-MLIR emits
// nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3)): the [out, in]
// weights are linalg.transpose'd before linalg.matmul, bias add and relu are
// separate generics. The constant transposes fold away; every weight and bias
// ends up as a .global byte array in the PTX of the kernel that reads it
// (bytes are the little-endian f32 values), never a kernel argument.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<2x4xf32>, %[[OUT:arg[0-9]+]]: memref<2x3xf32>) {
// CHECK-NOT: memref.load
// CHECK-NOT: memref.get_global
// CHECK: %[[H:.*]] = gpu.alloc () : memref<2x8xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c16 : index, %cst : f32, %[[H]] : memref<2x8xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c16 : index, %[[X]] : memref<2x4xf32>, %[[H]] : memref<2x8xf32>, %c0 : index, %c4 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} args(%c16 : index, %[[H]] : memref<2x8xf32>, %cst : f32)
// CHECK-NEXT: gpu.launch_func @main_kernel_2::@main_kernel_2 {{.*}} args(%c6 : index, %cst : f32, %[[OUT]] : memref<2x3xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_3::@main_kernel_3 {{.*}} args(%c6 : index, %[[H]] : memref<2x8xf32>, %[[OUT]] : memref<2x3xf32>, %c0 : index, %c8 : index, %c1 : index)
// CHECK-NEXT: gpu.dealloc %[[H]] : memref<2x8xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_4::@main_kernel_4 {{.*}} args(%c6 : index, %[[OUT]] : memref<2x3xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.global .align 64 .b8 __constant_4x8xf32[128] = {198, 109, 52, 190, 225, 11, 19, 61, 205, 204, 236, 190, 190, 159, 154, 189, 37, 117, 2, 62,
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.global .align 64 .b8 __constant_8xf32[32] = {154, 119, 156, 60, 252, 24, 51, 190,
// CHECK: gpu.binary @main_kernel_2 {ks.ptxas = {sm_90 = {main_kernel_2 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK: gpu.binary @main_kernel_3 {ks.ptxas = {sm_90 = {main_kernel_3 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.global .align 64 .b8 __constant_8x3xf32[96] = {91, 177, 63, 189, 213, 231, 106, 62, 250, 237, 235, 190,
// CHECK: gpu.binary @main_kernel_4 {ks.ptxas = {sm_90 = {main_kernel_4 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}.global .align 64 .b8 __constant_3xf32[12] = {111, 18, 3, 61, 41, 92, 143, 188, 150, 67, 11, 62};
// CHECK-NOT: gpu.binary

// SEED-NOT: linalg.transpose
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[W:.*]] = memref.get_global @__constant_4x8xf32 : memref<4x8xf32>
// SEED: memref.load %[[W]][%{{.*}}, %{{.*}}#1] : memref<4x8xf32>
// SEED: memref.global "private" constant @__constant_4x8xf32 : memref<4x8xf32> = dense<{{\[\[}}-1.762000e-01, 3.590000e-02, -4.625000e-01,
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: arith.addf
// SEED-NEXT: arith.cmpf ugt
// SEED-NEXT: arith.select

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x4xf32>) -> tensor<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<[[-0.1762, -0.3492, 0.1509, -0.4276], [0.0359, -0.1343, -0.442, 0.0074], [-0.4625, -0.0664, -0.4301, -0.4093], [-0.0755, 0.3269, -0.3762, -0.2768], [0.1274, 0.4477, 0.0771, -0.1033], [0.4763, -0.4534, 0.3585, -0.2104], [-0.3557, -0.3822, -0.1915, 0.3161], [-0.3193, 0.0816, 0.1389, -0.1276]]> : tensor<8x4xf32>
    %cst_1 = arith.constant dense<[0.0191, -0.1749, -0.1762, -0.1176, 0.0722, -0.029, -0.0743, 0.0342]> : tensor<8xf32>
    %cst_2 = arith.constant dense<[[-0.0468, -0.2002, 0.2944, 0.199, -0.2559, 0.0744, 0.0252, 0.3751], [0.2294, -0.2121, 0.4802, -0.3819, -0.0819, 0.2571, -0.348, -0.011], [-0.4608, 0.1682, 0.2646, 0.073, 0.3755, -0.1863, 0.1953, 0.0944]]> : tensor<3x8xf32>
    %cst_3 = arith.constant dense<[0.032, -0.0175, 0.136]> : tensor<3xf32>
    %0 = tensor.empty() : tensor<4x8xf32>
    %transposed = linalg.transpose ins(%cst_0 : tensor<8x4xf32>) outs(%0 : tensor<4x8xf32>) permutation = [1, 0]
    %1 = tensor.empty() : tensor<2x8xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<2x4xf32>, tensor<4x8xf32>) outs(%2 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_1 : tensor<2x8xf32>, tensor<8xf32>) outs(%1 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %12 = arith.addf %in, %in_4 : f32
      linalg.yield %12 : f32
    } -> tensor<2x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<2x8xf32>) outs(%1 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.cmpf ugt, %in, %cst : f32
      %13 = arith.select %12, %in, %cst : f32
      linalg.yield %13 : f32
    } -> tensor<2x8xf32>
    %6 = tensor.empty() : tensor<8x3xf32>
    %transposed_5 = linalg.transpose ins(%cst_2 : tensor<3x8xf32>) outs(%6 : tensor<8x3xf32>) permutation = [1, 0]
    %7 = tensor.empty() : tensor<2x3xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %9 = linalg.matmul ins(%5, %transposed_5 : tensor<2x8xf32>, tensor<8x3xf32>) outs(%8 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %cst_3 : tensor<2x3xf32>, tensor<3xf32>) outs(%7 : tensor<2x3xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %12 = arith.addf %in, %in_4 : f32
      linalg.yield %12 : f32
    } -> tensor<2x3xf32>
    return %10 : tensor<2x3xf32>
  }
}
