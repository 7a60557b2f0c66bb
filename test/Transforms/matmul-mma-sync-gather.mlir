// transform.ks.matmul_mma_sync on a contraction whose B is a gather with a
// term mixing K and N ((p + k) mod 64, a circular correlation): the
// address does not split into a K part and an N part, so no offset table
// is made and each element's index is evaluated in the kernel (unsigned
// remainder); the 4-byte copies read B through its own indices.
// RUN: ks-opt %s --transform-interpreter --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @circular
// CHECK-NOT: gather_offsets
// CHECK: gpu.launch
// CHECK: nvgpu.device_async_copy %arg0{{.*}} 4 {bypassL1}
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[WRAPPED:.*]] = arith.remui %[[SUM]], %c64
// CHECK: nvgpu.device_async_copy %arg1[%{{.*}}, %[[WRAPPED]]], %{{.*}}, 1 : memref<2x64xf32> to memref<2x16x72xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: gather_offsets
func.func @circular(%a: memref<32x64xf32>, %x: memref<2x64xf32>, %c: memref<2x32x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, m, p, k) -> (m, k)>,
                                   affine_map<(n, m, p, k) -> (n, (p + k) mod 64)>,
                                   affine_map<(n, m, p, k) -> (n, m, p)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %x : memref<32x64xf32>, memref<2x64xf32>) outs(%c : memref<2x32x64xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 32, 64, 16>, warp_tile = array<i64: 16, 32>,
        stages = 2 : i64, precision = "tf32x3"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
