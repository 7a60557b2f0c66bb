// linalg.transpose with permutation [2, 0, 1] (aten.permute): one kernel, threads
// are laid out over the output shape 16x2x8 and read the input at the permuted
// index.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x8x16xf32>, %[[OUT:arg[0-9]+]]: memref<16x2x8xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c256 : index, %[[IN]] : memref<2x8x16xf32>, %[[OUT]] : memref<16x2x8xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-NOT: gpu.binary

// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (16, 2, 8) : index, index, index
// SEED-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]#1, %[[I]]#2, %[[I]]#0] : memref<2x8x16xf32>
// SEED-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<16x2x8xf32>

module {
  func.func @main(%arg0: tensor<2x8x16xf32>) -> tensor<16x2x8xf32> {
    %0 = tensor.empty() : tensor<16x2x8xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x8x16xf32>) outs(%0 : tensor<16x2x8xf32>) permutation = [2, 0, 1]
    return %transposed : tensor<16x2x8xf32>
  }
}
