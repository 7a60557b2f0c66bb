// The same MLP as mlp_dense.mlir, with the weights stored the way Torch-MLIR's
// importer stores large tensors: dense_resource<...> constants backed by a
// dialect_resources blob (4-byte alignment prefix 0x04000000, then raw
// little-endian f32). The weights here are already [in, out]. The PTX globals
// must hold exactly the same bytes as in mlp_dense.mlir.
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

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: memref.get_global @__constant_4x8xf32 : memref<4x8xf32>
// SEED: memref.global "private" constant @__constant_4x8xf32 : memref<4x8xf32> = dense_resource<torch_tensor_4_8_torch.float32>
// SEED-LABEL: gpu.module @main_kernel_3
// SEED: memref.global "private" constant @__constant_8x3xf32 : memref<8x3xf32> = dense_resource<torch_tensor_8_3_torch.float32>
// SEED: dialect_resources: {
// SEED: torch_tensor_4_8_torch.float32: "0x04000000C66D34BE

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x4xf32>) -> tensor<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_4_8_torch.float32> : tensor<4x8xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_8_3_torch.float32> : tensor<8x3xf32>
    %cst_3 = arith.constant dense<[0.032, -0.0175, 0.136]> : tensor<3xf32>
    %0 = tensor.empty() : tensor<2x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %2 = linalg.matmul ins(%arg0, %cst_0 : tensor<2x4xf32>, tensor<4x8xf32>) outs(%1 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %cst_1 : tensor<2x8xf32>, tensor<8xf32>) outs(%0 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %9 = arith.addf %in, %in_4 : f32
      %10 = arith.maximumf %9, %cst : f32
      linalg.yield %10 : f32
    } -> tensor<2x8xf32>
    %4 = tensor.empty() : tensor<2x3xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = linalg.matmul ins(%3, %cst_2 : tensor<2x8xf32>, tensor<8x3xf32>) outs(%5 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %cst_3 : tensor<2x3xf32>, tensor<3xf32>) outs(%4 : tensor<2x3xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %9 = arith.addf %in, %in_4 : f32
      linalg.yield %9 : f32
    } -> tensor<2x3xf32>
    return %7 : tensor<2x3xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_8_torch.float32: "0x04000000C66D34BEE10B133DCDCCECBEBE9F9ABD2575023E98DDF33E4F1EB6BE4A7BA3BE58CAB2BEF08509BEB9FC87BD705FA73EEF38E53E0B24E8BEB8AFC3BEE71DA73D88851A3ED34DE2BE1136DCBE499DC0BE9BE69D3D508DB73E931844BECD3B0E3E63EEDABEB37BF23BC58FD1BEBBB88DBEF38ED3BD197357BEDCD7A13E93A902BE",
      torch_tensor_8_torch.float32: "0x040000009A779C3CFC1833BEC66D34BE45D8F0BD98DD933D6891EDBC992A98BD4D150C3D",
      torch_tensor_8_3_torch.float32: "0x040000005BB13FBDD5E76A3EFAEDEBBE3B014DBEBE3059BE9F3C2C3E99BB963EC6DCF53EA779873EA8C64B3E6688C3BE0681953D530583BE30BBA7BD8941C03E075F983D9CA2833E6DC53EBE3B70CE3C0E2DB2BEB9FC473E1B0DC03E583934BCCA54C13D"
    }
  }
#-}
