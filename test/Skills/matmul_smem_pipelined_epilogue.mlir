// The skill matmul_smem_pipelined_epilogue on a 256x64 (K = 128) matmul
// followed by a bias add + ReLU: the K loop as matmul_smem_pipelined (A and
// B tiles copied with cp.async into two buffers each, two K steps ahead,
// waits keeping up to two younger groups in flight), then, in the same
// kernel and thread with no barrier between, the bias and ReLU on the 2x4
// outputs it has just written. Refused (not an epilogue) as
// matmul_smem_epilogue refuses.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_smem_pipelined_epilogue params=BM=32,BN=64,BK=32,TM=2,TN=4,KT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_smem_pipelined_epilogue", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/fuse_elementwise_epilogue.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: not ks-opt %S/Inputs/fuse_elementwise_epilogue_refused.mlir --split-input-file --ks-apply-skills="dispatch=1 skill=matmul_smem_pipelined_epilogue params=BM=32,BN=64,BK=32,TM=2,TN=4,KT=4" 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: ks-run %S/Inputs/fuse_elementwise_epilogue.mlir --emulate-gpu --plan=%t.plan.json --seed=19 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], %{{.*}}[%c0{{[_0-9]*}}, {{.*}}], 4 {bypassL1} : memref<256x128xf32> to memref<2x32x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], %{{.*}}[%c0{{[_0-9]*}}, {{.*}}], 4 {bypassL1} : memref<128x64xf32> to memref<2x32x64xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c64{{[_0-9]*}} step %c32{{[_0-9]*}} iter_args(
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK: vector.fma
// CHECK: scf.yield
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK: vector.store %{{.*}}, %arg3[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %arg3[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK-NOT: gpu.barrier
// CHECK: vector.load %arg2[{{.*}}] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK: arith.addf {{.*}} : vector<2x4xf32>
// CHECK: arith.maximumf {{.*}} : vector<2x4xf32>
// CHECK: vector.store %{{.*}}, %arg3[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "matmul_smem_pipelined_epilogue"}
// CHECK-NOT: ks.dispatch = 2

// Two kernels: the fill and the fused one; twice (32 + 64) x 32 floats of
// shared memory.
// HOST: gpu.launch_func @main_kernel::@main_kernel
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c8, %c1) threads in (%c16, %c16, %c1)
// HOST-NOT: gpu.launch_func
// HOST: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {{{.*}}shared_bytes = 24576 : i64, spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// PTX-NOT: .local
// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX: cp.async.wait_group 2;
// PTX: fma.rn.f32
// PTX: cp.async.wait_group 0;
// PTX: max.NaN.f32
// PTX: ret;

// REFUSED: matmul_smem_pipelined_epilogue on dispatch 1: the transform failed: expected parameter to be equal to 1, got 0
// REFUSED: matmul_smem_pipelined_epilogue on dispatch 1: the transform failed: expected parameter to be greater than 2, got 2
// REFUSED: matmul_smem_pipelined_epilogue on dispatch 1: the transform failed: expected parameter to be greater than 1, got 1
// REFUSED: matmul_smem_pipelined_epilogue on dispatch 1: the transform failed: not elementwise

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %bias: memref<64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<256x64xf32>, memref<64xf32>) outs(%c : memref<256x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %bb: f32, %o: f32):
    %s = arith.addf %x, %bb : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  return
}
