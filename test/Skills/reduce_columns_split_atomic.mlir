// The skill reduce_columns_split_atomic on a sum of 2048 rows into 256
// columns (Inputs/column_sums_long.mlir, dispatch 1): 128 columns per
// block, the rows in 8 stretches of 256 over the grid's y, each thread's
// sum from zero in a register (the loop's carried vector, not a read of the
// output), 8 rows a step, added to its column with one atomic add.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 256, "U": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/column_sums_long.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/column_sums_long.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread (atomics
// included) and matches the CPU reference.
// RUN: ks-run %S/Inputs/column_sums_long.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED
// The planner proposes it for such a sum (the policy's
// reduction-columns-split case) and not for the column maxima of
// Inputs/column_sums.mlir (not a sum, 32 rows).
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/column_sums_long.mlir --measure=model --rounds=1 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNE < %t.tune/trajectory.jsonl
// A max is not a sum: forced on one, the transform refuses it.
// RUN: sed -e 's/arith.addf %a, %acc/arith.maximumf %a, %acc/' %S/Inputs/column_sums_long.mlir > %t.max.mlir
// RUN: not ks-opt %t.max.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=MAX
// A stretch length outside the skill's values is refused before anything is
// compiled, naming it.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 384, "U": 8}}]}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/column_sums_long.mlir --ks-seed-lowering="plan=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c2, %c8, %c1) threads in (%c128, %c1, %c1)
// CHECK-LABEL: gpu.module @main_kernel_0
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c8 iter_args(%{{.*}} = %cst) -> (vector<1xf32>) {
// CHECK: vector.transfer_read %arg0{{.*}} : memref<2048x256xf32>, vector<8x1xf32>
// CHECK: vector.reduction <add>
// CHECK: }
// CHECK: %[[ELEMENT:.*]] = vector.extract %[[SUM]][0]
// CHECK: memref.atomic_rmw addf %[[ELEMENT]], %arg1[{{.*}}] : (f32, memref<256xf32>) -> f32

// The sum lives in a register: a loop of 8 loads of the input, no load of
// the output, one atomic add after it, no local memory.
// PTX-NOT: .local
// PTX-COUNT-8: ld.global.b32
// PTX-NOT: ld.global
// PTX: bra
// PTX-NOT: ld.global
// PTX: atom.global.add.f32
// PTX-NOT: atom.global
// PTX-NOT: st.global

// EMULATED: output #0 256xf32: match

// TUNE: "skill":"reduce_columns_split_atomic"

// MAX: ks.accumulate_atomically: the tile carried in iteration argument 0 is not only added to

// BAD: error: skill reduce_columns_split_atomic: RS = 384 is outside its allowed values
