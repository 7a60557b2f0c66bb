// torch.mean over all elements as Torch-MLIR emits it: a full reduction into a
// 0-d tensor<f32> followed by a 0-d linalg.generic (iterator_types = []) that
// divides by the element count. All three steps (fill, reduction, divide)
// run on the device as single-thread kernels; the host never reads the 0-d
// buffer.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<8x16xf32>, %[[OUT:arg[0-9]+]]: memref<f32>) {
// CHECK: %[[N:.*]] = arith.constant 1.280000e+02 : f32
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%cst : f32, %[[OUT]] : memref<f32>)
// The two reduction loops are one over the 128 elements.
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[IN]] {{\[\[}}0, 1]] : memref<8x16xf32> into memref<128xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%[[FLAT]] : memref<128xf32>, %[[OUT]] : memref<f32>, %c0 : index, %c128 : index, %c1 : index)
// CHECK-NEXT: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%[[OUT]] : memref<f32>, %[[N]] : f32)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}add.rn.f32
// CHECK: gpu.binary @main_kernel_1 {ks.ptxas = {sm_90 = {main_kernel_1 = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: assembly = "{{.*}}ld.global.b32{{.*}}div.rn.f32{{.*}}st.global.b32
// CHECK-NOT: gpu.binary

// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for
// SEED-NEXT: memref.load %{{.*}} : memref<128xf32>
// SEED-NEXT: memref.load %{{.*}}[] : memref<f32>
// SEED-LABEL: gpu.module @main_kernel_1
// SEED: gpu.func @main_kernel_1(%[[S:arg[0-9]+]]: memref<f32>, %[[D:arg[0-9]+]]: f32) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// SEED: %[[V:.*]] = memref.load %[[S]][] : memref<f32>
// SEED-NEXT: %[[Q:.*]] = arith.divf %[[V]], %[[D]] : f32
// SEED-NEXT: memref.store %[[Q]], %[[S]][] : memref<f32>

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module {
  func.func @main(%arg0: tensor<8x16xf32>) -> tensor<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.280000e+02 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<8x16xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %in, %out : f32
      linalg.yield %4 : f32
    } -> tensor<f32>
    %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%2 : tensor<f32>) outs(%0 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.divf %in, %cst_0 : f32
      linalg.yield %4 : f32
    } -> tensor<f32>
    return %3 : tensor<f32>
  }
}
