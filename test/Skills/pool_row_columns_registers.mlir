// The skill pool_row_columns_registers on level1/40's max_pool1d at its
// SMALL sizes (2 images, 4 channels, 512 columns into 256; window 4,
// stride 2, a -inf border of 1; dispatch 3): blocks of 128 threads over
// 128 columns each, one column a thread (grid: 2 column tiles x 4 channels
// x 2 images), the input read in place with the border checked per element
// (FOLD = 1: no fill and copy kernels, one kernel in all). Numerics in the
// CPU emulation against the reference on fresh random inputs, also with two
// columns a thread and without the fold.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_row_columns_registers", "params": {"TX": 128, "CT": 1, "FOLD": 1}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/maxpool1d_padded_2x4x512.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/maxpool1d_padded_2x4x512.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: ks-run %S/Inputs/maxpool1d_padded_2x4x512.mlir --emulate-gpu --plan=%t.plan.json --seed=31 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_row_columns_registers", "params": {"TX": 64, "CT": 2, "FOLD": 0}}]}' > %t.two.plan.json
// RUN: ks-run %S/Inputs/maxpool1d_padded_2x4x512.mlir --emulate-gpu --plan=%t.two.plan.json --seed=32 | FileCheck %s --check-prefix=EMULATED
// A 2-d pooling (rows of more than one) is not this skill's.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_row_columns_registers", "params": {"TX": 64, "CT": 1}}]}' > %t.2d.plan.json
// RUN: not ks-opt %S/Inputs/maxpool_2x4x20x34.mlir --ks-seed-lowering="plan=%t.2d.plan.json" 2>&1 | FileCheck %s --check-prefix=ROWS

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c4, %c2) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 3 : i64}
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle, %{{.*}}, %c511
// CHECK: memref.load %arg1[{{.*}}] : memref<2x4x1x512xf32>
// CHECK: arith.select
// CHECK: arith.maximumf

// EMULATED: output #0 2x4x256xf32: match
// ROWS: error: skill pool_row_columns_registers on dispatch 1: its requirement 'loop_range_2 == 1' does not hold here (loops 2 x 4 x 9 x 16 x 3 x 3)
