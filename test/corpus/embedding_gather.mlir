// Embedding lookup as Torch-MLIR emits aten.embedding: a linalg.generic over
// the output whose body casts the i64 index (arith.index_cast) and reads the
// constant table with tensor.extract. The table becomes a global inside the
// kernel's module (.global in the PTX), not a kernel argument.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IDS:arg[0-9]+]]: memref<2x5xi64>, %[[OUT:arg[0-9]+]]: memref<2x5x4xf32>) {
// CHECK-NOT: memref.load
// CHECK-NOT: memref.get_global
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%c40 : index, %[[IDS]] : memref<2x5xi64>, %[[OUT]] : memref<2x5x4xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}.global .align 64 .b8 __constant_6x4xf32[96] = {0, 0, 0, 0, 205, 204, 204, 61,
// CHECK-NOT: gpu.binary

// SEED: %[[TBL:.*]] = memref.get_global @__constant_6x4xf32 : memref<6x4xf32>
// SEED: %[[I:[0-9]+]]:3 = affine.delinearize_index %thread_id_x into (2, 5, 4)
// SEED-NEXT: %[[ID:.*]] = memref.load %{{.*}}[%[[I]]#0, %[[I]]#1] : memref<2x5xi64>
// SEED-NEXT: %[[ROW:.*]] = arith.index_cast %[[ID]] : i64 to index
// SEED-NEXT: %[[V:.*]] = memref.load %[[TBL]][%[[ROW]], %[[I]]#2] : memref<6x4xf32>
// SEED-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]#0, %[[I]]#1, %[[I]]#2] : memref<2x5x4xf32>
// SEED: memref.global "private" constant @__constant_6x4xf32 : memref<6x4xf32> = dense<{{\[\[}}0.000000e+00, 1.000000e-01,

#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x5xi64>) -> tensor<2x5x4xf32> {
    %cst = arith.constant dense<[[0.0, 0.1, 0.2, 0.3], [1.0, 1.1, 1.2, 1.3], [2.0, 2.1, 2.2, 2.3], [3.0, 3.1, 3.2, 3.3], [4.0, 4.1, 4.2, 4.3], [5.0, 5.1, 5.2, 5.3]]> : tensor<6x4xf32>
    %0 = tensor.empty() : tensor<2x5x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x5xi64>) outs(%0 : tensor<2x5x4xf32>) {
    ^bb0(%in: i64, %out: f32):
      %2 = arith.index_cast %in : i64 to index
      %3 = linalg.index 2 : index
      %extracted = tensor.extract %cst[%2, %3] : tensor<6x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x5x4xf32>
    return %1 : tensor<2x5x4xf32>
  }
}
