// 3-D max pooling (kernel 2, stride 2). LLVM 22 linalg has no NCDHW pooling, so
// the input is transposed to NDHWC with linalg.transpose, pooled with
// linalg.pooling_ndhwc_max, and transposed back. ks-fuse-elementwise folds
// both transposes into the pooling, which reads and writes NCDHW (the unit
// batch dropped): kernels -inf fill, pooling with a 3-deep window nest.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<1x2x4x4x4xf32>, %[[OUT:arg[0-9]+]]: memref<1x2x2x2x2xf32>) {
// CHECK-NOT: gpu.alloc
// CHECK: %[[CIN:.*]] = memref.collapse_shape %[[IN]] {{\[}}[0, 1], [2], [3], [4]] : memref<1x2x4x4x4xf32> into memref<2x4x4x4xf32>
// CHECK-NEXT: %[[COUT:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0, 1], [2], [3], [4]] : memref<1x2x2x2x2xf32> into memref<2x2x2x2xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%c16 : index, %cst : f32, %[[COUT]] : memref<2x2x2x2xf32>)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%c16 : index, %[[CIN]] : memref<2x4x4x4xf32>, %[[COUT]] : memref<2x2x2x2xf32>, %c0 : index, %c2 : index, %c1 : index)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}max.NaN.f32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[O:[0-9]+]]:4 = affine.delinearize_index %thread_id_x into (2, 2, 2, 2)
// SEED-NEXT: scf.for
// SEED-NEXT: scf.for
// SEED-NEXT: scf.for
// SEED: memref.load %{{.*}}[%[[O]]#0, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x4x4x4xf32>
// SEED: arith.maximumf
// SEED: memref.store %{{.*}}, %{{.*}}[%[[O]]#0, %[[O]]#1, %[[O]]#2, %[[O]]#3] : memref<2x2x2x2xf32>
// SEED-NOT: gpu.module

module {
  func.func @main(%arg0: tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<1x4x4x4x2xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<1x2x4x4x4xf32>) outs(%0 : tensor<1x4x4x4x2xf32>) permutation = [0, 2, 3, 4, 1]
    %1 = tensor.empty() : tensor<1x2x2x2x2xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
    %3 = tensor.empty() : tensor<2x2x2xf32>
    %4 = linalg.pooling_ndhwc_max {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>} ins(%transposed, %3 : tensor<1x4x4x4x2xf32>, tensor<2x2x2xf32>) outs(%2 : tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
    %5 = tensor.empty() : tensor<1x2x2x2x2xf32>
    %transposed_0 = linalg.transpose ins(%4 : tensor<1x2x2x2x2xf32>) outs(%5 : tensor<1x2x2x2x2xf32>) permutation = [0, 4, 1, 2, 3]
    return %transposed_0 : tensor<1x2x2x2x2xf32>
  }
}
