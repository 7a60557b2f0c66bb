// The skill matmul_tf32x3_wgmma_tma on a linear layer (256 rows, 96 inputs,
// 128 outputs; both operands K-contiguous once the transpose is folded)
// whose output starts from its broadcast bias, 3 slots, wgmma's sums added
// up every 2 K steps: the host makes two TMA descriptors through the
// runtime (ksTensorMap2D_f32: FLOAT32, 4-byte elements, 128 x 32 boxes) and
// launches 2 blocks of two warpgroups with 3 x 64 KB + 1 KB of dynamic
// shared memory. Each K step waits on its slot's mbarrier, splits the
// slot's 2048 quads into TF32 parts (in place) and remainders (32 KB on),
// fences them for the async proxy, meets, and issues 12 wgmma (4 k8
// slices x 3 products; the window's first product's scale-d from a
// register); every 2 steps (and at the last) it waits for its products and
// adds them to its f32 sums, else it waits for the step before. The stores
// add the bias to each sum (the broadcast is folded). The PTX targets
// sm_90a. The CPU emulation does not run it; an N-contiguous B is refused
// (see also test/Transforms/matmul-tf32x3-wgmma-errors.mlir).
// With 200 rows (not a multiple of 128) the host launches the same 2 blocks,
// the second's TMA boxes read zeros past row 200, and each store is kept
// to the rows below 200.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_wgmma_tma", "params": {"S": 3, "P": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/linear_bias_256x128x96.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/linear_bias_256x128x96.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90a.ptx
// RUN: ks-opt %t.gpu.mlir --ks-lower-host | FileCheck %s --check-prefix=HOST
// RUN: ks-opt %S/Inputs/linear_bias_200x128x96.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=PARTIAL
// RUN: not ks-run %S/Inputs/linear_bias_256x128x96.mlir --emulate-gpu --plan=%t.plan.json 2>&1 | FileCheck %s --check-prefix=NOEMU
// RUN: not ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=NKMAJOR

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<256x96xf32> to memref<*xf32>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<128x96xf32> to memref<*xf32>
// CHECK: call @ksTensorMap2D_f32(%[[A]], %c7_i64, %c4_i64, %c128_i64, %c32_i64)
// CHECK: call @ksTensorMap2D_f32(%[[B]], %c7_i64, %c4_i64, %c128_i64, %c32_i64)
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c128, %c2, %c1) dynamic_shared_memory_size %c197632_i32 args({{.*}}%arg2 : memref<128xf32>, %arg3 : memref<256x128xf32>)
// CHECK-NOT: linalg.
// CHECK: gpu.func @main_kernel
// CHECK: nvgpu.mbarrier.init
// The prologue loads K steps 0 and 1: A's box and B's, 32 KB a step.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c32768
// CHECK-COUNT-2: nvgpu.tma.async.load
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity
// The split: 8 quads a thread, each rounded to TF32 and its remainder too.
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1
// CHECK: %[[X:.*]] = vector.load
// CHECK-COUNT-4: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rn>}
// CHECK-COUNT-4: arith.subf
// CHECK-COUNT-4: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rn>}
// CHECK: vector.store
// CHECK: vector.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// The descriptors: address / 16 with 128-byte swizzle and 1024-byte groups.
// CHECK: arith.ori %{{.*}}, %c4611686293372403712_i64 : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects {{.*}}setp.ne.b32 p, $130, 0;{{.*}}wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// CHECK-COUNT-11: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: scf.if
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-64: arith.addf
// CHECK: } else {
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: gpu.barrier
// CHECK: nvgpu.tma.async.load
// CHECK: nvgpu.tma.async.load
// The stores: each sum plus the bias at its column.
// CHECK: %[[V:.*]] = llvm.extractvalue %{{[0-9]+}}#0[0]
// CHECK-NEXT: %[[BIAS:.*]] = memref.load %arg2[%[[COL:.*]]] : memref<128xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[BIAS]], %[[V]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %arg3[%[[ROW:.*]], %[[COL]]] : memref<256x128xf32>
// CHECK-COUNT-63: memref.store

// PTX: .target sm_90a
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cvt.rn.tf32.f32
// PTX: fence.proxy.async.shared::cta
// PTX: wgmma.fence.sync.aligned
// PTX-COUNT-12: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// PTX: wgmma.commit_group.sync.aligned
// PTX-NOT: ld.local

// HOST: llvm.call @ksTensorMap2D_f32(%{{.*}}) : (i64, !llvm.ptr, i64, i64, i64, i64) -> !llvm.ptr

// NOEMU: cannot run on the CPU: asynchronous launches, dynamic shared memory and clusters are not supported

// NKMAJOR: error: skill matmul_tf32x3_wgmma_tma on dispatch 1: its requirement 'k_contiguous_operands == 1' does not hold here (loops 256 x 64 x 128)

// PARTIAL: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c128, %c2, %c1) {{.*}} args({{.*}}%arg2 : memref<128xf32>, %arg3 : memref<200x128xf32>)
// PARTIAL: gpu.func @main_kernel
// PARTIAL: nvvm.wgmma.wait.group.sync.aligned 0
// PARTIAL: %[[LO:.*]] = arith.cmpi ult, %[[ROW_LO:.*]], %c200 : index
// PARTIAL: %[[HI:.*]] = arith.cmpi ult, %[[ROW_HI:.*]], %c200 : index
// PARTIAL: scf.if %[[LO]] {
// PARTIAL-NEXT: memref.load %arg2
// PARTIAL-NEXT: arith.addf
// PARTIAL-NEXT: memref.store %{{.*}}, %arg3[%[[ROW_LO]], %{{.*}}] : memref<200x128xf32>
// PARTIAL: scf.if %[[HI]] {
// PARTIAL-NEXT: memref.load %arg2
// PARTIAL-NEXT: arith.addf
// PARTIAL-NEXT: memref.store %{{.*}}, %arg3[%[[ROW_HI]], %{{.*}}] : memref<200x128xf32>
// PARTIAL-COUNT-61: scf.if
