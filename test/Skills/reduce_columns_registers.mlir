// The skill reduce_columns_registers on the first stage of a split
// squared-error sum (dispatch 1: 512 columns of two 64x512 matrices, 128
// columns per block, the walk unrolled by 8, the output operand 2) and on
// column maxima (dispatch 3: 256 columns of 32x256, 64 per block, unrolled
// by 4, the output operand 1): one column per thread, the running result
// in a private buffer from the fill's value (the fills' kernels are gone:
// two kernels in all).
// REQUIRES: ptxas
// RUN: ks-opt %S/Inputs/column_sums.mlir --ks-seed-lowering="plan=%S/Inputs/plan_reduce_columns_registers.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/column_sums.mlir --ks-compile="plan=%S/Inputs/plan_reduce_columns_registers.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PTX-MAX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: not ls %t.ptx/main_kernel_1.sm_90.ptx
// Without a GPU: the kernels run on the CPU thread by thread and match the
// CPU reference exactly (the seed's order of additions).
// RUN: ks-run %S/Inputs/column_sums.mlir --emulate-gpu --plan=%S/Inputs/plan_reduce_columns_registers.json --seed=47 | FileCheck %s --check-prefix=EMULATED
// A gather-reduction (op class gather: its body loads the table at the
// index it reads) is walked alike: 8 of its loads in flight a trip.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 8, "OUT": 1}}]}' > %t.gather.json
// RUN: ks-opt %S/../Agents/Inputs/gather_columns.mlir --ks-seed-lowering="plan=%t.gather.json" | FileCheck %s --check-prefix=GATHER
// RUN: ks-run %S/../Agents/Inputs/gather_columns.mlir --emulate-gpu --plan=%t.gather.json --seed=59 --int-low=0 --int-high=4096 | FileCheck %s --check-prefix=GATHER-EMULATED
// The output operand must be the one named: OUT = 1 on the two-input sum
// is refused by the requirements before anything is compiled.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 8, "OUT": 1}}]}' > %t.bad.json
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/column_sums.mlir --measure=model --rounds=1 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNE < %t.tune/trajectory.jsonl

// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
// CHECK-LABEL: gpu.module @main_kernel
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<4xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]
// CHECK-NEXT: memref.store %cst, %[[VIEW]][%c0] : memref<1xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c8 {
// CHECK-COUNT-8: memref.load %[[VIEW]]
// CHECK: }

// The sum lives in a register from zero: two loads a row in a loop of 8
// trips of 8 rows (the output is not read), no local memory, one global
// store.
// PTX-NOT: .local
// PTX-COUNT-16: ld.global.b32
// PTX-NOT: ld.global
// PTX: st.global.b32
// PTX-NOT: st.global
// The maxima: 32 rows unrolled whole, no branch.
// PTX-MAX-NOT: .local
// PTX-MAX-COUNT-32: ld.global.b32
// PTX-MAX-NOT: bra
// PTX-MAX: st.global.b32

// EMULATED: output #0 512xf32: match, max abs err 0.00e+00
// EMULATED: output #1 256xf32: match, max abs err 0.00e+00

// The policy's case reduction-columns proposes the skill on both, with the
// output operand each has.
// TUNE: "dispatch":1{{.*}}"params":{"BX":128,"OUT":2,"U":8}{{.*}}"skill":"reduce_columns_registers"
// TUNE: "dispatch":3{{.*}}"OUT":1{{.*}}"skill":"reduce_columns_registers"

// GATHER: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
// GATHER: scf.for %{{.*}} = %c0 to %c64 step %c8 {
// GATHER-COUNT-8: memref.load %{{.*}} : memref<4096x256xf32>
// GATHER-EMULATED: output #0 256xf32: match
