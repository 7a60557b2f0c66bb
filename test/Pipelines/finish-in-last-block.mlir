// A plan's "finish_in_last_block": a mean squared error (Inputs/mse_loss.mlir)
// split in two stages: 4096 partial sums (dispatch 1, 32 blocks of 128
// threads), then the fill, their sum and the division in one block of 128
// (dispatch 3 with fuse_rows_block). Asked to, the second kernel runs in the
// last block of the first: one kernel instead of two, the same numerics on
// the CPU emulation (fresh random inputs against the CPU reference).
// RUN: echo '{"finish_in_last_block": true, "dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 4, "OUT": 2}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 128, "E": 4, "V": 0}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/mse_loss.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/mse_loss.mlir --emulate-gpu --plan=%t.plan.json --seed=43 | FileCheck %s --check-prefix=EMULATED
// Not asked (the field false or absent): two kernels.
// RUN: echo '{"finish_in_last_block": false, "dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 4, "OUT": 2}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 128, "E": 4, "V": 0}}]}' > %t.off.json
// RUN: ks-opt %S/Inputs/mse_loss.mlir --ks-seed-lowering="plan=%t.off.json" | FileCheck %s --check-prefix=OFF
// In the PTX, the count and its fences.
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/mse_loss.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// A producer with a block a row (fuse_rows_block keeps the block's sum in a
// workgroup buffer) takes the tail in too: one kernel, the buffer kept.
// RUN: echo '{"finish_in_last_block": true, "dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 4, "V": 1}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 1, "V": 0}}]}' > %t.rows.json
// RUN: ks-opt %S/Inputs/mse_loss_rows.mlir --ks-seed-lowering="plan=%t.rows.json" | FileCheck %s --check-prefix=ROWS
// A field of the wrong type is an error naming the plan.
// RUN: echo '{"finish_in_last_block": "yes", "dispatches": []}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/mse_loss.mlir --ks-seed-lowering="plan=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// CHECK: memref.atomic_rmw addi
// CHECK: memref.global "private" @ks_blocks_done : memref<1xi32> = dense<0>
// CHECK: memref.global "private" @ks_last_block : memref<1xi32, #gpu.address_space<workgroup>>

// ROWS: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1024, %c1, %c1) threads in (%c1024, %c1, %c1)
// ROWS-NOT: gpu.launch_func
// ROWS: gpu.func @main_kernel({{.*}}) workgroup(%{{.*}} : memref<1xf32, #gpu.address_space<workgroup>>) kernel
// ROWS: memref.atomic_rmw addi

// EMULATED: output #0 f32: match

// OFF: gpu.launch_func @main_kernel::@main_kernel blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1)
// OFF: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
// OFF-NOT: ks_blocks_done

// PTX: .global .align 4 .b8 ks_blocks_done[4];
// PTX: fence.acq_rel.gpu;
// PTX: atom.global.add.u32 {{.*}}[ks_blocks_done], 1;
// PTX: st.global.b32 [ks_blocks_done], 0;
// PTX: fence.acq_rel.gpu;

// BAD: the plan {{.*}}.bad.json: "finish_in_last_block" must be true or false
