// The skill batch_matmul_fma_pipelined (matmul_fma_pipelined's script on a
// batched matmul) on 4 matmuls of 64x96 by 96x64 with B transposed (K
// contiguous, as attention's scores read their keys): one launch, the
// batch on the grid's z, both tiles K-contiguous (64 x (16 + 4)), the
// output's fill folded; exact FMAs, no tensor core. On the CPU it matches
// the reference, and on 4 x 128 x 64 x 256 with B not transposed.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "batch_matmul_fma_pipelined", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "TM": 4, "TN": 8, "S": 2, "MINB": 0}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/batch_matmul_transposed_b.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/batch_matmul_transposed_b.mlir --emulate-gpu --plan=%t.plan.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/batch_matmul_4x128x64x256.mlir --emulate-gpu --plan=%t.plan.json --seed=6 | FileCheck %s --check-prefix=EMULATED

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: gpu.launch_func  @main_kernel::@main_kernel blocks in (%c1, %c1, %c4) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: memref.get_global @mma_tile : memref<2x64x20xf32, #gpu.address_space<workgroup>>
// CHECK: memref.get_global @mma_tile_0 : memref<2x64x20xf32, #gpu.address_space<workgroup>>
// CHECK: vector.fma {{.*}} : vector<4xf32>
// CHECK-NOT: nvgpu.mma.sync

// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH
