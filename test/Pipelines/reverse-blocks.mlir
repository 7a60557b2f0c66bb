// A plan's "reverse_blocks": level1/37's Frobenius normalization at its
// reduced size (Inputs/frobenius_2x4x16x16.mlir): the sum of squares, then
// the division by the norm (dispatch 2, 8 blocks of 256 threads), which
// runs its blocks in reverse (block x reads and writes the elements of
// block 7 - x), with the same numerics on the CPU emulation (fresh random
// inputs against the CPU reference).
// RUN: echo '{"reverse_blocks": [2], "dispatches": []}' > %t.plan.json
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/frobenius_2x4x16x16.mlir --emulate-gpu --plan=%t.plan.json --seed=17 | FileCheck %s --check-prefix=EMULATED
// Without the field, the blocks keep their order.
// RUN: echo '{"dispatches": []}' > %t.off.json
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.off.json" | FileCheck %s --check-prefix=OFF
// A field of the wrong type, or a dispatch no kernel computes, is an error.
// RUN: echo '{"reverse_blocks": 2, "dispatches": []}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo '{"reverse_blocks": [9], "dispatches": []}' > %t.missing.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.missing.json" 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-LABEL: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// CHECK: %[[X:.*]] = gpu.block_id x
// CHECK: %[[LAST:.*]] = arith.constant 7 : index
// CHECK: arith.subi %[[LAST]], %[[X]] : index
// CHECK: gpu.return

// EMULATED: output #0 2x4x16x16xf32: match

// OFF-LABEL: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// OFF-NOT: arith.subi
// OFF: gpu.return

// BAD: the plan {{.*}}: "reverse_blocks" must be a list of dispatch ids
// MISSING: reverse_blocks: no kernel computes dispatch 9
