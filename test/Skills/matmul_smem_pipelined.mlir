// The skill matmul_smem_pipelined on a 256x64 (K = 128) matmul, 32x64 block
// tiles, K in steps of 32, 2x4 outputs per thread (16x16 threads): the A
// and B tiles are copied with cp.async (nvgpu.device_async_copy, 4 floats,
// L1 bypassed) into two buffers each (2x32x32 and 2x32x64 shared arrays).
// The prologue issues K steps 0 and 1; each trip of the K loop waits for
// its step's two groups (A, B) with up to two younger groups still in
// flight, computes, and issues the copies of the step two ahead into the
// buffer it has just read; the last two steps are peeled, waiting down to
// zero groups. The PTX has cp.async of 16 bytes, commit and wait_group 2,
// no local memory; on the CPU the kernel matches the reference.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_smem_pipelined params=BM=32,BN=64,BK=32,TM=2,TN=4,KT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_smem_pipelined", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: each asynchronous copy runs where it is issued, the waits
// dropped (checks the arithmetic and the buffer rotation, not the waits).
// RUN: ks-run %S/Inputs/matmul_256x128x64.mlir --emulate-gpu --plan=%t.plan.json --seed=14 | FileCheck %s --check-prefix=EMULATED
// A linear layer whose transposed weight is also returned: the matmul reads
// a buffer of the host function (the transposed weight, which must stay a
// device buffer, neither multibuffered nor made shared memory) and another
// skill's launch (the transpose's) precedes its own in the function.
// RUN: echo '{"dispatches": [{"id": 0, "skill": "transpose_smem_tile", "params": {"T": 32, "TX": 32, "TY": 8}}, {"id": 2, "skill": "matmul_smem_pipelined", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4}}]}' > %t.linear.json
// RUN: ks-opt %S/Inputs/transpose_matmul_256.mlir --ks-compile="plan=%t.linear.json" | FileCheck %s --check-prefix=LINEAR
// RUN: ks-run %S/Inputs/transpose_matmul_256.mlir --emulate-gpu --plan=%t.linear.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// Two pipelined GEMMs in one function, the second a linalg.generic
// contraction: each skill works in its own launch (the first's loops and
// tiles are not the second's).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_smem_pipelined", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4}}, {"id": 3, "skill": "matmul_smem_pipelined", "params": {"BM": 64, "BN": 64, "BK": 16, "TM": 4, "TN": 4, "KT": 4}}]}' > %t.two.json
// RUN: ks-run %S/Inputs/two_matmuls_128.mlir --emulate-gpu --plan=%t.two.json --seed=9 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.fill {ks.dispatch = 0 : i64}
// CHECK: gpu.launch
// The prologue: step 0 into buffer 0, step 1 into buffer 1, a group each
// for A and for B.
// CHECK: %[[A:.*]] = memref.get_global @[[AG:[a-z_0-9]+]] : memref<2x32x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c0{{[_0-9]*}}, {{.*}}], 4 {bypassL1} : memref<256x128xf32> to memref<2x32x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_create_group
// CHECK: %[[B:.*]] = memref.get_global @[[BG:[a-z_0-9]+]] : memref<2x32x64xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%c0{{[_0-9]*}}, {{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%c0{{[_0-9]*}}, {{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], %{{.*}}[%c1{{[_0-9]*}}, {{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], %{{.*}}[%c1{{[_0-9]*}}, {{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], %{{.*}}[%c1{{[_0-9]*}}, {{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group
// The steady state: two K steps of 32 (128 less the two peeled).
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c64{{[_0-9]*}} step %c32{{[_0-9]*}} iter_args(
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: vector.fma
// CHECK: gpu.barrier
// CHECK: nvgpu.device_async_copy %arg0
// CHECK-NEXT: %{{.*}} = nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_copy %arg1
// CHECK: nvgpu.device_async_copy %arg1
// CHECK-NEXT: %{{.*}} = nvgpu.device_async_create_group
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.yield
// The peeled last two steps.
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "matmul_smem_pipelined"}
// CHECK: memref.global "private" @[[BG]] : memref<2x32x64xf32, #gpu.address_space<workgroup>> {alignment = 16 : i64}
// CHECK: memref.global "private" @[[AG]] : memref<2x32x32xf32, #gpu.address_space<workgroup>> {alignment = 16 : i64}

// PTX-NOT: .local
// PTX: .shared .align 16 .b8
// PTX: .shared .align 16 .b8
// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 2;
// PTX: ld.shared.v4.b32
// PTX: fma.rn.f32
// PTX: cp.async.wait_group 0;

// LINEAR: func.func @main({{.*}}, %[[WT:.*]]: memref<256x64xf32>)
// LINEAR: gpu.launch_func @main_kernel::@main_kernel {{.*}}%[[WT]] : memref<256x64xf32>)
// LINEAR: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}}%[[WT]] : memref<256x64xf32>)

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}
