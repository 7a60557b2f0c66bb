// A strided tensor.extract_slice (offsets [2, 1], strides [2, 3], as from
// x[2::2, 1::3]) feeding an elementwise op: the slice is a strided subview of
// the argument passed straight to the kernel, no copy.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK: func.func @main(%[[IN:arg[0-9]+]]: memref<8x16xf32>, %[[OUT:arg[0-9]+]]: memref<3x4xf32>) {
// CHECK-NOT: memref.load
// CHECK: %[[SV:.*]] = memref.subview %[[IN]][2, 1] [3, 4] [2, 3] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 3], offset: 33>>
// CHECK-NEXT: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%c12 : index, %[[SV]] : memref<3x4xf32, strided<[32, 3], offset: 33>>, %[[OUT]] : memref<3x4xf32>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-NOT: gpu.binary

// SEED: gpu.func @main_kernel(%{{.*}}: index, %{{.*}}: memref<3x4xf32, strided<[32, 3], offset: 33>>, %{{.*}}: memref<3x4xf32>)
// SEED: %[[I:[0-9]+]]:2 = affine.delinearize_index %thread_id_x into (3, 4)
// SEED-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]#0, %[[I]]#1] : memref<3x4xf32, strided<[32, 3], offset: 33>>
// SEED-NEXT: arith.addf %[[V]], %[[V]] : f32

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<8x16xf32>) -> tensor<3x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[2, 1] [3, 4] [2, 3] : tensor<8x16xf32> to tensor<3x4xf32>
    %0 = tensor.empty() : tensor<3x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice : tensor<3x4xf32>) outs(%0 : tensor<3x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %in, %in : f32
      linalg.yield %2 : f32
    } -> tensor<3x4xf32>
    return %1 : tensor<3x4xf32>
  }
}
