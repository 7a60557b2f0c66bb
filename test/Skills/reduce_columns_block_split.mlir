// The skill reduce_columns_block_split on a sum of 2048 rows into 256
// columns (Inputs/column_sums_long.mlir, dispatch 1): 32 columns per
// block along x and 8 threads per column along y; thread (x, y) sums rows
// y, y + 8, ... of its column (its walk unrolled 16 loads a step), the
// partials meet in shared memory and thread (x, 0) adds them in order in
// f64, rounded once into the output. No atomics: the same bits every run.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_block_split", "params": {"BX": 32, "S": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/column_sums_long.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/column_sums_long.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread against the
// CPU reference.
// RUN: ks-run %S/Inputs/column_sums_long.mlir --emulate-gpu --plan=%t.plan.json --seed=37 | FileCheck %s --check-prefix=EMULATED
// A max: its partials fold as they are, exactly.
// RUN: sed -e 's/arith.addf %a, %acc/arith.maximumf %a, %acc/' %S/Inputs/column_sums_long.mlir > %t.max.mlir
// RUN: ks-run %t.max.mlir --emulate-gpu --plan=%t.plan.json --seed=41 | FileCheck %s --check-prefix=MAX
// 16384 rows: a thread's 2048 terms are added in f64 from the start (its
// walk carries an f64, each element widened; ks-compensate-long-sums
// leaves it alone), and the partials meet in f64 slots.
// RUN: sed -e 's/2048x256/16384x256/g' %S/Inputs/column_sums_long.mlir > %t.long.mlir
// RUN: ks-opt %t.long.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=WIDE
// RUN: rm -rf %t.long.ptx && ks-opt %t.long.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.long.ptx" -o %t.long.gpu.mlir
// RUN: FileCheck %s --check-prefix=WIDEPTX < %t.long.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %t.long.mlir --emulate-gpu --plan=%t.plan.json --seed=43 | FileCheck %s --check-prefix=EMULATED16K
// A column too short for S threads of at least 16 rows each is refused.
// RUN: sed -e 's/2048x256/256x256/g' %S/Inputs/column_sums_long.mlir > %t.short.mlir
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_block_split", "params": {"BX": 32, "S": 32}}]}' > %t.short.json
// RUN: not ks-opt %t.short.mlir --ks-seed-lowering="plan=%t.short.json" 2>&1 | FileCheck %s --check-prefix=SHORT

// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c8, %c1, %c1) threads in (%c32, %c8, %c1)
// CHECK: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// CHECK-NOT: memref.atomic_rmw
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c16 iter_args(%{{.*}} = %cst) -> (f32)
// CHECK-COUNT-16: memref.load %{{.*}} : memref<2048x32xf32, strided<[256, 1], offset: ?>>
// CHECK: %[[PARTS:.*]] = memref.get_global @{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[PARTS]]
// CHECK: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %thread_id_y{{.*}}, %c0 : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-COUNT-8: memref.load %[[PARTS]]
// CHECK-COUNT-8: arith.addf %{{.*}}, %{{.*}} : f64
// CHECK: %[[SUM:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: memref.store %[[SUM]], %{{.*}} : memref<32xf32
// CHECK-NOT: memref.atomic_rmw

// Registers and shared memory, no local memory, no atomics; the partials
// added in f64.
// PTX-NOT: .local
// PTX-NOT: atom.
// PTX: .shared
// PTX: ld.global
// PTX: bar.sync
// PTX-COUNT-8: ld.shared.b32
// PTX: cvt.f64.f32
// PTX: add.rn.f64
// PTX: cvt.rn.f32.f64

// WIDE: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// WIDE: scf.for %{{.*}} = %c0 to %c2048 step %c16 iter_args(%{{.*}} = %[[ZERO]]) -> (f64)
// WIDE-COUNT-16: arith.extf %{{.*}} : f32 to f64
// WIDE: memref.get_global @{{.*}} : memref<256xf64, #gpu.address_space<workgroup>>
// WIDE: arith.truncf %{{.*}} : f64 to f32

// WIDEPTX-NOT: sub.rn.f32
// WIDEPTX-COUNT-16: cvt.f64.f32
// WIDEPTX: ld.shared.b64

// EMULATED: output #0 256xf32: match
// EMULATED16K: output #0 256xf32: match
// MAX: output #0 256xf32: match, max abs err 0.00e+00

// SHORT: its requirement 'loop_range_1 >= 16 * S' does not hold here (loops 256 x 256)
