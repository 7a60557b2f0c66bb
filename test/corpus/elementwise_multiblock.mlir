// An elementwise relu over 100x300 = 30000 elements: 118 blocks of 256 threads,
// the linear index is block_id * block_dim + thread_id and the last block is
// bounds-checked against 30000.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<100x300xf32>, %[[OUT:arg[0-9]+]]: memref<100x300xf32>) {
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c118, %c1, %c1) threads in (%c256, %c1, %c1) args(%c30000 : index, %[[IN]] : memref<100x300xf32>, %cst : f32, %[[OUT]] : memref<100x300xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}%ctaid.x{{.*}}max.NaN.f32
// CHECK-NOT: gpu.binary

// SEED: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 118, 1, 1>
// SEED: %[[BASE:.*]] = arith.muli %block_id_x, %block_dim_x : index
// SEED-NEXT: %[[L:.*]] = arith.addi %[[BASE]], %thread_id_x : index
// SEED-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[L]], %arg0 : index
// SEED-NEXT: scf.if %[[OK]] {
// SEED-NEXT: affine.delinearize_index %[[L]] into (100, 300) : index, index

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<100x300xf32>) -> tensor<100x300xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<100x300xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<100x300xf32>) outs(%0 : tensor<100x300xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.maximumf %in, %cst : f32
      linalg.yield %2 : f32
    } -> tensor<100x300xf32>
    return %1 : tensor<100x300xf32>
  }
}
