// bf16 bias add + relu (aten.add + aten.relu on bfloat16 tensors): the
// arithmetic stays in bf16 (add.rn.bf16, max.NaN.bf16 on sm_90) with 16-bit
// loads and stores.
// RUN: ks-opt %s --ks-compile="chip=sm_90" | FileCheck %s

// CHECK: func.func @main(%[[X:arg[0-9]+]]: memref<4x64xbf16>, %[[B:arg[0-9]+]]: memref<64xbf16>, %[[OUT:arg[0-9]+]]: memref<4x64xbf16>) {
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : bf16
// CHECK-NOT: memref.load
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%c256 : index, %[[X]] : memref<4x64xbf16>, %[[B]] : memref<64xbf16>, %[[ZERO]] : bf16, %[[OUT]] : memref<4x64xbf16>)
// CHECK-NEXT: return
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {barriers = {{[0-9]+}} : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = {{[0-9]+}} : i64, registers = {{[0-9]+}} : i64
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-SAME: assembly = "{{.*}}.target sm_90
// CHECK-SAME: {{.*}}{{.*}}ld.global.b16{{.*}}ld.global.b16{{.*}}add.rn.bf16{{.*}}max.NaN.bf16{{.*}}st.global.b16
// CHECK-NOT: gpu.binary

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<4x64xbf16>, %arg1: tensor<64xbf16>) -> tensor<4x64xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %0 = tensor.empty() : tensor<4x64xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x64xbf16>, tensor<64xbf16>) outs(%0 : tensor<4x64xbf16>) {
    ^bb0(%in: bf16, %in_0: bf16, %out: bf16):
      %2 = arith.addf %in, %in_0 : bf16
      %3 = arith.maximumf %2, %cst : bf16
      linalg.yield %3 : bf16
    } -> tensor<4x64xbf16>
    return %1 : tensor<4x64xbf16>
  }
}
