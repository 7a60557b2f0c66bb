// The skill reduce_strided_block_split on three reductions over the middle
// dim of 4x64x256 (Inputs/strided_reductions_ties.mlir): an argmin with
// ties, a max and a sum of squares. Each block has BX outputs along x and
// S threads along y per output; thread (x, y) folds rows y, y + S, ... of
// its column (its walk unrolled), the partials meet in shared memory and
// thread (x, 0) folds them in order into the output.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_block_split", "params": {"BX": 64, "S": 4}}, {"id": 4, "skill": "reduce_strided_block_split", "params": {"BX": 32, "S": 4}}, {"id": 6, "skill": "reduce_strided_block_split", "params": {"BX": 128, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/strided_reductions_ties.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/strided_reductions_ties.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_1.sm_90.ptx
// Without a GPU: the kernels run on the CPU thread by thread against the
// CPU reference; the argmin's ties resolve to the first index, as the
// seed's walk does (a combine that kept the first partial's index instead
// gave 660 of 1024 indices wrong).
// RUN: ks-run %S/Inputs/strided_reductions_ties.mlir --emulate-gpu --plan=%t.plan.json --seed=48 | FileCheck %s --check-prefix=EMULATED
// A column too short for S threads of at least 16 rows each is refused.
// RUN: echo '{"dispatches": [{"id": 4, "skill": "reduce_strided_block_split", "params": {"BX": 32, "S": 8}}]}' > %t.short.json
// RUN: not ks-opt %S/Inputs/strided_reductions_ties.mlir --ks-seed-lowering="plan=%t.short.json" 2>&1 | FileCheck %s --check-prefix=SHORT

// The argmin: 4 x 4 blocks of 64 x 4 threads; each thread's 16 rows (every
// 4th) loaded and folded without a loop, the value and index partials in
// shared memory, a barrier, then thread (x, 0) folds the 4 pairs and its
// output.
// CHECK: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c4, %c4, %c1) threads in (%c64, %c4, %c1)
// The max: 32 outputs a block, 8 x 4 blocks; the sum: 128 a block, 2 threads each.
// CHECK: gpu.launch_func @main_kernel_3::@main_kernel_3 blocks in (%c8, %c4, %c1) threads in (%c32, %c4, %c1)
// CHECK: gpu.launch_func @main_kernel_5::@main_kernel_5 blocks in (%c2, %c4, %c1) threads in (%c128, %c2, %c1)
// CHECK: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// CHECK-NOT: scf.for
// CHECK-COUNT-16: memref.load %{{.*}} : memref<1x64x64xf32, strided<[16384, 256, 1], offset: ?>>
// CHECK: %[[VALUES:.*]] = memref.get_global @{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[VALUES]]
// CHECK: %[[INDICES:.*]] = memref.get_global @{{.*}} : memref<256xi64, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[INDICES]]
// CHECK: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %thread_id_y{{.*}}, %c0 : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-COUNT-4: memref.load %[[VALUES]]
// CHECK: memref.store %{{.*}} : memref<1x64xi64

// Registers and shared memory, no local memory: 16 loads of the input and
// the two outputs read once by the combining thread.
// PTX-NOT: .local
// PTX: .shared
// PTX-COUNT-16: ld.global.b32
// PTX: bar.sync
// PTX-COUNT-4: ld.shared.b32

// EMULATED: output #0 4x256xi64: match, max abs err 0.00e+00
// EMULATED: output #1 4x256xf32: match, max abs err 0.00e+00
// EMULATED: output #2 4x256xf32: match

// SHORT: its requirement 'loop_range_2 >= 16 * S' does not hold here (loops 4 x 256 x 64)
