// The skill batch_matmul_tf32x3_mma on 4 matmuls of 64x96 by 96x64 with B
// read transposed (a linalg.generic, C[b, m, n] += A[b, m, k] * B[b, n, k]):
// one block per matrix (grid z = 4) of 2x2 warps, 2 stages. B's tile keeps
// its layout, K contiguous: 2x64x(16+4), its fragments read across rows.
// On the CPU (each mma.sync as the warp's product on TF32-truncated
// operands) the kernel matches the reference.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "batch_matmul_tf32x3_mma", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/batch_matmul_transposed_b.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/batch_matmul_transposed_b.mlir --emulate-gpu --plan=%t.plan.json --seed=3 | FileCheck %s --check-prefix=EMULATED

// The output's zero fill is folded into the kernel: its sums start from
// zero, the output is only written (one kernel).
// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: gpu.launch_func  @main_kernel::@main_kernel blocks in (%c1, %c1, %c4) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel
// The batch index (block z) leads every access.
// CHECK: %[[BATCH:.*]] = gpu.block_id  z
// CHECK: memref.get_global @mma_tile : memref<2x64x20xf32, #gpu.address_space<workgroup>>
// CHECK: memref.get_global @mma_tile_0 : memref<2x64x20xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.load %arg2
// CHECK: nvgpu.device_async_copy %arg0[%[[BATCH]], {{.*}}], {{.*}}, 4 {bypassL1}
// CHECK: nvgpu.device_async_copy %arg1[%[[BATCH]], {{.*}}], {{.*}}, 4 {bypassL1}
// CHECK: nvgpu.mma.sync
// CHECK-NOT: memref.load %arg2
// CHECK: memref.store {{.*}}, %arg2[%[[BATCH]], {{.*}}] : memref<4x64x64xf32>

// EMULATED: output #0 4x64x64xf32: match
