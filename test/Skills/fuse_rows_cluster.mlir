// The skill fuse_rows_cluster on a softmax over 16 rows of 2048 (dispatch
// 1, the row maxima; clusters of 4 blocks of 128 threads, 4 elements per
// thread): the fill, the maxima, exp(x - max), the sums' fill, the sums and
// the quotients (dispatches 0 to 5) in one kernel of 64 blocks, block b
// taking the 512 columns (b mod 4) * 512 of row b / 4, its values kept in
// registers. Each reduction's block total goes to a shared slot of its
// own; after a cluster barrier thread 0 of every block reads the 4 slots
// (mapa: distributed shared memory) and combines them in rank order. The
// kernel carries its cluster shape (.reqnctapercluster), and ends with a
// cluster barrier, which each block arrives at once it has read the others'
// totals for the last time. The CPU emulation names the cluster barrier it cannot
// run. Errors of the transform op: test/Transforms/fuse-row-chain-cluster-errors.mlir;
// on the GPU: test/GPU/skill-fuse_rows_cluster.mlir.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 128, "E": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/row_chain_softmax.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: not ks-run %S/Inputs/row_chain_softmax.mlir --emulate-gpu --plan=%t.plan.json --seed=7 2>&1 | FileCheck %s --check-prefix=EMULATED
// The policy offers it first for rows longer than one block keeps (an L2
// normalization over 65536 columns); a layer norm's f64 statistics cross
// the cluster as 64-bit loads.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 128, "E": 1}}]}' > %t.ln.json
// RUN: rm -rf %t.ln.ptx && ks-opt %S/Inputs/row_chain_layer_norm.mlir --ks-compile="plan=%t.ln.json ptx-dir=%t.ln.ptx" -o %t.ln.mlir
// RUN: FileCheck %s --check-prefix=F64 < %t.ln.ptx/main_kernel.sm_90.ptx
// A group norm as Torch-MLIR imports it (level1/34 at its reduced size):
// the rows are the (image, group) pairs; their f64 sums and sums of
// squares (one reduction, ks-one-pass-variance: the cluster's blocks
// exchange both totals at one barrier), means and variances, and each
// channel's scale and shift
// (ops of 4 points per row, 2 per block), then the apply, in one kernel of
// 8 x 2 blocks. ks-extracts-to-operands made the apply read the scale and
// shift as operands, and merged it to [32, 144] (32 = 8 rows x 4
// channels): its loop of 32 runs over the rows' channels, split here into
// [8, 4, 144]; block b applies the 2 channels (b mod 2) * 2 of row b / 2,
// the ones whose scale and shift it computed (a block barrier, no cluster
// barrier, between).
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 128, "E": 1}}]}' > %t.gn.json
// RUN: ks-opt %S/Inputs/group_norm_2x16x12x12.mlir --ks-seed-lowering="plan=%t.gn.json" | FileCheck %s --check-prefix=GN
// The kernel asks for 1024 threads an SM, M = 1024 / T blocks (8 of 128
// here: .minnctapersm, ptxas caps the registers at 64); V = 0 keeps no
// values in registers, so each op of the row reads x again (no row-owned
// accesses for ks-forward-row-values).
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 128, "E": 1}}]}' > %t.gnm.json
// RUN: rm -rf %t.gnm.ptx && ks-opt %S/Inputs/group_norm_2x16x12x12.mlir --ks-compile="plan=%t.gnm.json ptx-dir=%t.gnm.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=MIN-BLOCKS < %t.gnm.ptx/main_kernel.sm_90.ptx
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 128, "E": 1, "V": 0}}]}' > %t.gnv.json
// RUN: ks-opt %S/Inputs/group_norm_2x16x12x12.mlir --ks-seed-lowering="plan=%t.gnv.json" | FileCheck %s --check-prefix=NO-KEEP

// CHECK-DAG: #[[ROW:.*]] = affine_map<()[s0] -> ((s0 floordiv 4) mod 16)>
// CHECK-DAG: #[[PART:.*]] = affine_map<()[s0] -> (s0 * 512 - (s0 floordiv 4) * 2048)>
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c64, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel({{.*}}) workgroup(%[[FILL:[^ ]*]] : memref<1xf32, #gpu.address_space<workgroup>>, %[[MAX:[^ ]*]] : memref<1xf32, #gpu.address_space<workgroup>>{{.*}} kernel attributes {{{.*}}nvvm.cluster_dim = array<i32: 4, 1, 1>, nvvm.minctasm = 8 : i32}
// CHECK: %[[R:.*]] = affine.apply #[[ROW]]()[%[[B:.*]]]
// CHECK: %[[P:.*]] = affine.apply #[[PART]]()[%[[B]]]
// CHECK: memref.subview %arg1[%[[R]], %[[P]]] [1, 512] [1, 1]
// CHECK-COUNT-3: arith.maximumf
// The block's total: thread 0 publishes it and reads the fill, then the
// cluster barrier, then the 4 blocks' totals in rank order. The row's
// statistics thread 0 stores (the fill, the maximum) go to workgroup slots
// (ks-forward-row-values), which the block reads instead of global memory;
// the maxima's buffer, which nothing else reads, is not stored to.
// CHECK: %[[SLOT:.*]] = memref.get_global @__ks_block_reduce_0 : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: %[[OLD:.*]] = scf.if %[[FIRST:.*]] -> (f32) {
// CHECK-NEXT: memref.store %{{.*}}, %[[SLOT]][%c0]
// CHECK: memref.load %[[FILL]]
// Warp 0, whose thread 0 wrote the slot, arrives releasing its writes; the
// other warps arrive relaxed.
// CHECK: %[[WARP0:.*]] = arith.cmpi ult, %thread_id_x{{.*}}, %c32
// CHECK-NEXT: scf.if %[[WARP0]] {
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: } else {
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: nvvm.mapa %{{.*}}, %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[T0:.*]] = llvm.load
// CHECK: nvvm.mapa %{{.*}}, %c1_i32
// CHECK: %[[T1:.*]] = llvm.load
// CHECK: %[[M01:.*]] = arith.maximumf %[[T0]], %[[T1]]
// CHECK: nvvm.mapa %{{.*}}, %c2_i32
// CHECK: nvvm.mapa %{{.*}}, %c3_i32
// CHECK: %[[M:.*]] = arith.maximumf
// CHECK-NEXT: %[[NEW:.*]] = arith.maximumf %[[M]], %[[OLD]]
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: memref.store %[[NEW]], %[[MAX]]
// CHECK: gpu.barrier
// CHECK: %[[ROWMAX:.*]] = memref.load %[[MAX]]
// CHECK-NEXT: arith.subf %{{.*}}, %[[ROWMAX]]
// The exponentials of the values in registers, the sums the same way;
// the exponentials are not stored, since the quotients overwrite them
// (ks-forward-row-values: the cluster exchange in between reads only
// shared memory).
// CHECK: math.exp
// CHECK-NOT: ks.row_owned
// CHECK: math.exp
// CHECK-NOT: ks.row_owned
// CHECK: math.exp
// CHECK-NOT: ks.row_owned
// CHECK: math.exp
// CHECK-NOT: ks.row_owned
// CHECK: memref.get_global @__ks_block_reduce_2 : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-COUNT-4: nvvm.mapa
// Done reading the other blocks' shared memory, the block arrives at the
// kernel's last cluster barrier, and waits there only after its
// quotients.
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: } else {
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// RCP = 1 (the default): one division a row, then products.
// CHECK: %[[INV:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: arith.divf
// CHECK-COUNT-4: arith.mulf %{{.*}}, %[[INV]] : f32
// CHECK-NOT: nvvm.cluster.arrive
// CHECK: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.return

// PTX: .version 8.0
// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 4, 1, 1
// PTX: barrier.cluster.arrive.aligned;
// PTX: barrier.cluster.arrive.relaxed.aligned;
// PTX: barrier.cluster.wait.aligned;
// PTX: mapa.shared::cluster.u64 {{.*}}, 0;
// PTX-NEXT: ld.shared::cluster.b32
// PTX: mapa.shared::cluster.u64 {{.*}}, 3;
// PTX-NEXT: ld.shared::cluster.b32

// MIN-BLOCKS: .maxntid 128, 1, 1
// MIN-BLOCKS-NEXT: .minnctapersm 8
// MIN-BLOCKS-NEXT: .explicitcluster
// MIN-BLOCKS-NEXT: .reqnctapercluster 2, 1, 1

// NO-KEEP: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
// NO-KEEP-NOT: ks.row_owned
// NO-KEEP: gpu.return

// F64: .reqnctapercluster 2, 1, 1
// F64: ld.shared::cluster.b64
// F64: ld.shared::cluster.b64

// GN: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
// GN-SAME: memref<8x4x144xf32>, %{{.*}} : memref<8x4xf32>, %{{.*}} : memref<8x4xf32>, %{{.*}} : memref<8x4x144xf32>)
// GN-NOT: gpu.launch_func
// GN: gpu.func @main_kernel({{.*}}%[[X:.*]]: memref<8x4x144xf32>, %[[SHIFT:.*]]: memref<8x4xf32>, %[[SCALE:.*]]: memref<8x4xf32>, %[[OUT:.*]]: memref<8x4x144xf32>){{.*}} kernel attributes {{{.*}}nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.minctasm = 8 : i32}
// GN: nvvm.cluster.wait {aligned}
// GN: nvvm.mapa %{{.*}}, %c0_i32
// GN-NEXT: llvm.load %{{.*}} : !llvm.ptr<7> -> f64
// GN: nvvm.mapa %{{.*}}, %c1_i32
// GN-NEXT: llvm.load %{{.*}} : !llvm.ptr<7> -> f64
// GN: nvvm.mapa %{{.*}}, %c0_i32
// GN-NEXT: llvm.load %{{.*}} : !llvm.ptr<7> -> f64
// GN: nvvm.mapa %{{.*}}, %c1_i32
// GN-NEXT: llvm.load %{{.*}} : !llvm.ptr<7> -> f64
// GN-NOT: nvvm.cluster.wait
// GN: nvvm.cluster.arrive {aligned}
// GN: math.rsqrt
// GN: gpu.barrier
// GN: %[[XP:.*]] = memref.subview %[[X]][%[[ROW:.*]], %[[PART:.*]], 0] [1, 2, 144] [1, 1, 1]
// GN-NEXT: %[[SHP:.*]] = memref.subview %[[SHIFT]][%[[ROW]], %[[PART]]] [1, 2] [1, 1]
// GN-NEXT: %[[SCP:.*]] = memref.subview %[[SCALE]][%[[ROW]], %[[PART]]] [1, 2] [1, 1]
// GN-NEXT: %[[OP:.*]] = memref.subview %[[OUT]][%[[ROW]], %[[PART]], 0] [1, 2, 144] [1, 1, 1]
// GN: %[[V:.*]] = memref.load %[[XP]]
// GN-NEXT: %[[B:.*]] = memref.load %[[SHP]]
// GN-NEXT: %[[A:.*]] = memref.load %[[SCP]]
// GN-NEXT: %[[AX:.*]] = arith.mulf %[[V]], %[[A]]
// GN-NEXT: %[[Y:.*]] = arith.addf %[[AX]], %[[B]]
// GN-NEXT: memref.store %[[Y]], %[[OP]]
// GN: nvvm.cluster.wait {aligned}
// GN-NEXT: gpu.return

// EMULATED: error: 'nvvm.cluster.arrive' op cannot run on the CPU: no CPU equivalent
