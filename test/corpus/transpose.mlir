// linalg.transpose with permutation [2, 0, 1] (aten.permute): one kernel. Input
// dims 0 and 1 stay adjacent and in order in the output, so
// ks-collapse-transpose-dims makes it the 2-d transpose of 16x16 (both
// operands collapsed); threads are laid out over that output and read the
// input at the transposed index.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<2x8x16xf32>, %[[OUT:arg[0-9]+]]: memref<16x2x8xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[IN2:.*]] = memref.collapse_shape %[[IN]] {{\[}}[0, 1], [2]] : memref<2x8x16xf32> into memref<16x16xf32>
// CHECK-NEXT: %[[OUT2:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0], [1, 2]] : memref<16x2x8xf32> into memref<16x16xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c256 : index, %[[IN2]] : memref<16x16xf32>, %[[OUT2]] : memref<16x16xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-NOT: gpu.binary

// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (16, 16) : index, index
// SEED-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]#1, %[[I]]#0] : memref<16x16xf32>
// SEED-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]#0, %[[I]]#1] : memref<16x16xf32>

module {
  func.func @main(%arg0: tensor<2x8x16xf32>) -> tensor<16x2x8xf32> {
    %0 = tensor.empty() : tensor<16x2x8xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x8x16xf32>) outs(%0 : tensor<16x2x8xf32>) permutation = [2, 0, 1]
    return %transposed : tensor<16x2x8xf32>
  }
}
