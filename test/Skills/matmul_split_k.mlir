// The skill matmul_split_k on a 64x64 matmul with K = 2048 accumulated onto
// a broadcast bias: 32x64 block tiles and K in 4 stretches of 512 on the
// grid's z (1 x 2 x 4 blocks), each stretch through shared memory in steps
// of 32 as matmul_smem_tile does. A thread's 2x4 sums start from zero (C is
// not read) and end added to C by atomic adds, one per output, after the K
// loop: the bias broadcast stays a kernel of its own and runs first.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_split_k params=BM=32,BN=64,BK=32,TM=2,TN=4,KT=4,KS=512" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_split_k", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4, "KS": 512}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_bias_64x2048x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel_0.sm_90.ptx
// The emulator runs blocks one after another, so it checks the sums and the
// bias, not the atomicity (the GPU test does).
// RUN: ks-run %S/Inputs/matmul_bias_64x2048x64.mlir --emulate-gpu --plan=%t.plan.json --seed=15 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.broadcast {{.*}}{ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c2, {{.*}} = %c4) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NOT: %arg3
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c512 step %c32 iter_args(%{{.*}} = %[[ZERO:.*]]) -> (vector<2x4xf32>) {
// CHECK-NOT: %arg3
// CHECK: vector.fma
// CHECK-NOT: %arg3
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-COUNT-8: memref.atomic_rmw addf %{{.*}}, %arg3[{{.*}}] : (f32, memref<64x64xf32>) -> f32
// CHECK-NOT: %arg3
// CHECK: gpu.terminator
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "matmul_split_k"}

// HOST: gpu.launch_func @main_kernel::@main_kernel
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c2, %c4) threads in (%c16, %c16, %c1)
// HOST: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = 1 : i64, {{.*}}shared_bytes = 12288 : i64, spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// PTX: %ctaid.z
// PTX: ld.shared.v4.b32
// PTX: fma.rn.f32
// PTX-COUNT-8: atom.global.add.f32
// PTX-NOT: st.global

// NOLOCAL-NOT: .local
func.func @main(%a: memref<64x2048xf32>, %b: memref<2048x64xf32>, %bias: memref<64xf32>, %c: memref<64x64xf32>) {
  linalg.broadcast ins(%bias : memref<64xf32>) outs(%c : memref<64x64xf32>) dimensions = [0] {ks.dispatch = 0 : i64}
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x2048xf32>, memref<2048x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 64x64xf32: match
