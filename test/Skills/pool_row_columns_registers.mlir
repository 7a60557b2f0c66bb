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
// A row that TX x CT columns do not divide: avg_pool1d(8, 4) into 136
// columns, tiles of 128 (64 threads x 2). The skill's kernel takes columns
// [0, 128), a seed kernel of its own the last 8 (transform.ks.split_remainder);
// numerics emulated. A row shorter than one tile is refused.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_row_columns_registers", "params": {"TX": 64, "CT": 2, "FOLD": 0}}]}' > %t.rest.json
// RUN: ks-opt %S/Inputs/avgpool1d_k8s4_2x4x548.mlir --ks-seed-lowering="plan=%t.rest.json" | FileCheck %s --check-prefix=REST
// RUN: ks-run %S/Inputs/avgpool1d_k8s4_2x4x548.mlir --emulate-gpu --plan=%t.rest.json --seed=33 | FileCheck %s --check-prefix=EMULATED-REST
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_row_columns_registers", "params": {"TX": 128, "CT": 2, "FOLD": 0}}]}' > %t.short.json
// RUN: not ks-opt %S/Inputs/avgpool1d_k8s4_2x4x548.mlir --ks-seed-lowering="plan=%t.short.json" 2>&1 | FileCheck %s --check-prefix=SHORT
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

// REST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c4, %c2) threads in (%c64, %c1, %c1) args(%{{.*}} : memref<2x4x1x516xf32, {{.*}}>, %{{.*}} : memref<2x4x1x128xf32, {{.*}}>)
// REST: gpu.launch_func @main_kernel_1::@main_kernel_1 {{.*}} memref<2x4x1x8xf32, strided<[544, 136, 136, 1], offset: 128>>
// REST: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// REST: gpu.module @main_kernel_1 attributes {ks.dispatch = 1 : i64}
// EMULATED-REST: output #0 2x4x136xf32: match
// SHORT: error: skill pool_row_columns_registers on dispatch 1: its requirement 'loop_range_3 >= BW' does not hold here (loops 2 x 4 x 1 x 136 x 1 x 8)
