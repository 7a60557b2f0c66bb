// The skill matmul_warp_dot on nn.Linear(96, 80) over 64 rows (dispatch 1:
// x @ W^T with the transpose folded, both operands along K): a grid of
// 80 / 4 x 64 blocks of 4 warps, a warp per output. Lane l multiplies the
// elements l, l + 32 and l + 64 of its row of x and of W, the 32 partial
// sums meet in a butterfly of shuffles, and lane 0 adds the total to the
// output (the fill's zero, a kernel of its own).
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_warp_dot", "params": {"R": 4, "E": 1}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/linear_64x96x80.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/linear_64x96x80.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/linear_64x96x80.mlir --emulate-gpu --plan=%t.plan.json --seed=41 | FileCheck %s --check-prefix=EMULATED
// Rows shorter than a warp's step (96 < 32 x 4) are refused before any
// rewriting:
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_warp_dot", "params": {"R": 4, "E": 4}}]}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/linear_64x96x80.mlir --ks-compile="plan=%t.bad.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: gpu.launch_func @main_kernel::@main_kernel
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c20, %c64, %c1) threads in (%c128, %c1, %c1)
// CHECK: gpu.func @main_kernel_0
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: memref.load %{{.*}}[%c0, %[[LANE]]]
// CHECK: memref.load %{{.*}}[%c0, %[[LANE]]]
// CHECK: arith.mulf
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: arith.cmpi eq, %[[LANE]], %c0
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store

// PTX-COUNT-3: mul.rn.f32
// PTX-COUNT-5: shfl.sync.bfly.b32

// EMULATED: output #0 64x80xf32: match

// BAD: error: skill matmul_warp_dot on dispatch 1: its requirement 'loop_range_2 >= 32 * E' does not hold here (loops 64 x 80 x 96)
