// The skill fuse_rows_block on a softmax over 16 rows of 2048 (dispatch 1,
// the row maxima; 256 threads, 4 elements per thread per step): the fill,
// the maxima, exp(x - max), the sums' fill, the sums and the quotients
// (dispatches 0 to 5) in one kernel with a block per row, barriers between
// them. The plan's step for dispatch 2 is skipped: dispatch 1's kernel
// computes it.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0, "RCP": 0}}, {"id": 2, "skill": "vectorize_128bit", "params": {"R": 2, "TX": 256, "VEC": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/row_chain_softmax.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/row_chain_softmax.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED
// V = 1: each thread keeps its 8 elements of the row in registers.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 1, "RCP": 0}}]}' > %t.reg.json
// RUN: ks-opt %S/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.reg.json" | FileCheck %s --check-prefix=REG
// RUN: ks-run %S/Inputs/row_chain_softmax.mlir --emulate-gpu --plan=%t.reg.json --seed=59 | FileCheck %s --check-prefix=EMULATED
// The chain grows past an op that touches none of its buffers (the fill of
// the KL loss's scalar output): the rows' KL sums join the softmaxes'
// statistics, and the 8 x 512 inputs are read once.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 128, "E": 1, "V": 1, "RCP": 0}}]}' > %t.kl.json
// RUN: ks-opt %S/Inputs/row_chain_kl_div.mlir --ks-seed-lowering="plan=%t.kl.json" | FileCheck %s --check-prefix=KL
// RUN: ks-run %S/Inputs/row_chain_kl_div.mlir --emulate-gpu --plan=%t.kl.json --seed=73 | FileCheck %s --check-prefix=KL-EMULATED
// With RCP = 1 the KL terms multiply by the target softmax's reciprocal
// sum, divided once per row, instead of dividing every element by the sum
// (the divisions left are in the branches that recompute a logarithm
// exactly, rarely taken); emulated, the loss matches the CPU's.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 128, "E": 1, "V": 1, "RCP": 1}}]}' > %t.klr.json
// RUN: ks-opt %S/Inputs/row_chain_kl_div.mlir --ks-seed-lowering="plan=%t.klr.json" | FileCheck %s --check-prefix=KL-RCP
// RUN: ks-run %S/Inputs/row_chain_kl_div.mlir --emulate-gpu --plan=%t.klr.json --seed=79 | FileCheck %s --check-prefix=KL-EMULATED
// M = 5 asks for 5 blocks an SM (nvvm.minctasm): ptxas caps the registers
// to fit them (.minnctapersm 5 in the PTX); M = 1, the default, asks for one.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 128, "E": 1, "V": 1, "RCP": 1, "M": 5}}]}' > %t.klm.json
// RUN: rm -rf %t.klm.ptx && ks-opt %S/Inputs/row_chain_kl_div.mlir --ks-compile="plan=%t.klm.json ptx-dir=%t.klm.ptx" | FileCheck %s --check-prefix=KL-M
// RUN: FileCheck %s --check-prefix=KL-M-PTX < %t.klm.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=M1-PTX < %t.ptx/main_kernel.sm_90.ptx
// A loss's tail (Inputs/loss_final_stage.mlir): the fill, the final sum of
// its 512 partials (one row) and the 0-d division after it (an op without
// loops is all of a single row) in one kernel of one block, instead of
// three kernels; the loop (cost model) fuses them too.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "fuse_rows_block", "params": {"T": 128, "E": 4, "V": 0, "RCP": 0}}]}' > %t.loss.json
// RUN: ks-opt %S/Inputs/loss_final_stage.mlir --ks-seed-lowering="plan=%t.loss.json" | FileCheck %s --check-prefix=LOSS
// RUN: ks-run %S/Inputs/loss_final_stage.mlir --emulate-gpu --plan=%t.loss.json --seed=31 | FileCheck %s --check-prefix=LOSS-EMULATED
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/loss_final_stage.mlir --chip=sm_90 --out=%t.tune --quiet | FileCheck %s --check-prefix=LOSS-TUNE
// A reduction that no op over its rows follows is a chain with the fill
// before it (the partial stage of a split loss): one kernel computes both,
// a block a row (6 rows of 4096: dispatches 0 and 1; the other reduction
// stays with the seed). Without that fill either, it starts no chain.
// RUN: ks-opt %S/Inputs/block_reduce_innermost_rows.mlir --ks-seed-lowering="plan=%S/Inputs/plan_fuse_rows_first.json" | FileCheck %s --check-prefix=FILLONLY
// RUN: ks-run %S/Inputs/block_reduce_innermost_rows.mlir --emulate-gpu --plan=%S/Inputs/plan_fuse_rows_first.json --seed=5 | FileCheck %s --check-prefix=FILLONLY-EMULATED
// RUN: not ks-opt %S/Inputs/row_sums_accumulate.mlir --ks-seed-lowering="plan=%S/Inputs/plan_fuse_rows_first.json" 2>&1 | FileCheck %s --check-prefix=ERR

// One kernel, a block of 256 threads for each of the 16 rows.
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: gpu.module @main_kernel attributes {ks.dispatch = 1 : i64}
// The fill by thread 0 (its row has one point), then the maxima: thread t reads elements 4t ..
// 4t+3 of every 1024, its 2 trips unrolled (8 loads in flight), then
// shuffles and the warps' totals in shared memory.
// CHECK: %[[FIRST:.*]] = arith.cmpi ult, %thread_id_x{{.*}}, %c1 : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %cst
// CHECK: gpu.barrier
// CHECK-NOT: scf.for
// CHECK-COUNT-7: arith.maximumf
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: memref.store {{.*}} #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// The exponentials, split among the threads as the maxima were; the
// row's maximum loaded once before them.
// CHECK: gpu.barrier
// CHECK: memref.load %{{.*}}[%c0, %c0] : memref<1x1xf32
// CHECK-COUNT-8: math.exp
// CHECK: gpu.barrier
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %cst_0
// CHECK: gpu.barrier
// CHECK-COUNT-8: arith.addf
// CHECK: gpu.barrier
// CHECK-COUNT-8: arith.divf
// CHECK: gpu.return

// PTX-COUNT-5: shfl.sync.bfly.b32
// PTX: bar.sync 0;
// PTX: ex2.approx
// PTX: bar.sync 0;
// PTX: div.rn.f32

// EMULATED: output #0 16x2048xf32: match

// FILLONLY: gpu.launch_func @main_kernel::@main_kernel blocks in (%c6, %c1, %c1) threads in (%c256, %c1, %c1)
// FILLONLY-COUNT-2: gpu.launch_func
// FILLONLY-NOT: gpu.launch_func
// FILLONLY-EMULATED: output #0 6xf32: match
// FILLONLY-EMULATED: output #1 3xf32: match

// ERR: error: skill fuse_rows_block on dispatch 1: the transform failed: no row chain starts at the target

// The row read once (8 loads a thread, for the maxima), the exponentials
// stored once, as the quotients: their first store, overwritten by the
// thread before anything reads the row, is gone; the sums and quotients
// read them from registers.
// REG-LABEL: gpu.module @main_kernel
// REG-COUNT-8: memref.load %{{.*}} {ks.row_owned} : memref<1x2048xf32
// REG-NOT: memref.load %{{.*}} : memref<1x2048xf32
// REG-NOT: memref.store %{{.*}} : memref<1x2048xf32
// REG: gpu.barrier
// REG-COUNT-8: math.exp
// REG-NOT: memref.load %{{.*}} : memref<1x2048xf32
// REG-NOT: memref.load %{{.*}} {ks.row_owned} : memref<1x2048xf32
// REG-COUNT-8: arith.addf
// REG: gpu.barrier
// REG-COUNT-8: memref.store %{{.*}} {ks.row_owned} : memref<1x2048xf32
// REG-NEXT: gpu.return

// KL: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1)
// KL-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
// KL-LABEL: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// KL-COUNT-8: memref.load %{{.*}} {ks.row_owned} : memref<1x512xf32
// KL-NOT: memref.load %{{.*}} : memref<1x512xf32
// KL-NOT: memref.load %{{.*}} {ks.row_owned} : memref<1x512xf32
// KL: math.log
// KL: gpu.return
// KL-EMULATED: output #0 f32: match
// KL-RCP-LABEL: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// KL-RCP: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// KL-RCP: gpu.barrier
// KL-RCP-NOT: arith.divf
// KL-RCP: %[[RCP:.*]] = arith.divf %[[ONE]], %[[SUM:.*]] : f32
// KL-RCP-NOT: arith.divf %{{.*}}, %[[SUM]]
// KL-RCP-COUNT-4: arith.mulf %{{.*}}, %[[RCP]] : f32
// KL-RCP: gpu.return

// LOSS: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
// LOSS-NOT: gpu.launch_func
// LOSS-LABEL: gpu.module @main_kernel_1 attributes {ks.dispatch = 3 : i64}
// LOSS: gpu.shuffle xor
// LOSS: gpu.barrier
// LOSS: arith.divf
// LOSS: gpu.return
// LOSS-EMULATED: output #0 f32: match
// LOSS-TUNE: {{^}}2 {{.*}}fused: no kernel of its own
// LOSS-TUNE: {{^}}4 {{.*}}fused: no kernel of its own

// KL-M: gpu.binary @main_kernel_0 {{.*}}registers =
// KL-M-PTX: .maxntid 128, 1, 1
// KL-M-PTX-NEXT: .minnctapersm 5
// M1-PTX: .maxntid 256, 1, 1
// M1-PTX-NEXT: .minnctapersm 1
