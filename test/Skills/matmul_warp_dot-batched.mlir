// The skill matmul_warp_dot on a batch of matrix-vector products
// (torch.bmm against [B, K, 1]): with its unit loop dropped, dispatch 1 has
// loops B = 4, M = 64, K = 256, and a warp per row of each matrix: a grid of
// 64 / 4 x 4 blocks of 4 warps; lane l reads E = 2 neighbouring elements of
// every 64 of its row and of its batch's vector.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_warp_dot", "params": {"R": 4, "E": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/bmm_matvec_4x64x256.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/bmm_matvec_4x64x256.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: ks-run %S/Inputs/bmm_matvec_4x64x256.mlir --emulate-gpu --plan=%t.plan.json --seed=43 | FileCheck %s --check-prefix=EMULATED
// The tuner's first choice, from the policy case batched-matrix-vector:
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/bmm_matvec_4x64x256.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNED < %t.tune/plan.json
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c16, %c4, %c1) threads in (%c128, %c1, %c1)
// CHECK: gpu.func @main_kernel_0
// CHECK: gpu.lane_id
// CHECK: vector.load {{.*}} : memref<1x1x256xf32, {{.*}}>, vector<2xf32>
// CHECK: vector.load {{.*}} : memref<1x256xf32, {{.*}}>, vector<2xf32>
// CHECK-COUNT-5: gpu.shuffle xor

// EMULATED: output #0 4x64x1xf32: match

// TUNED: "id": 1,
// TUNED: "skill": "matmul_warp_dot"
