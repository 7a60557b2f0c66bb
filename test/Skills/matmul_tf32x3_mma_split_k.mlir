// The skill matmul_tf32x3_mma_split_k on a 64x64 matmul with K = 2048 (64 x
// 64 x 16 tiles, 2 x 2 warps of 32 x 32, 3 stages, K split 4 ways): one
// output tile, four blocks along z. Block z copies and sums K steps 32z ..
// 32z + 31 (K from 512z), its sums start from zero (not from C) and are
// added to C with atomic adds after the loop. On the CPU the kernel matches
// the reference, as it does on a 100 x 36 GEMM with K = 1020 that no tile
// divides (64 steps of 16, the last 12 wide, in 16 stretches of 4).
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_tf32x3_mma_split_k params=BM=64,BN=64,BK=16,WM=32,WN=32,S=3,KSPLIT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma_split_k", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "S": 3, "KSPLIT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_64x2048x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/matmul_64x2048x64.mlir --emulate-gpu --plan=%t.plan.json --seed=21 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma_split_k", "params": {"BM": 32, "BN": 32, "BK": 16, "WM": 16, "WN": 16, "S": 2, "KSPLIT": 16}}]}' > %t.edges.json
// RUN: ks-run %S/Inputs/matmul_100x1020x36.mlir --emulate-gpu --plan=%t.edges.json --seed=22 | FileCheck %s --check-prefix=EMULATED
// K's 64 steps of 32 in 32 stretches leave 2 steps to each, fewer than a
// 4-stage pipeline keeps in flight: the skill's requirement says so (the
// op's own diagnostics: test/Transforms/matmul-mma-sync-errors.mlir).
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_tf32x3_mma_split_k params=BM=32,BN=32,BK=32,WM=16,WN=16,S=4,KSPLIT=32" 2>&1 | FileCheck %s --check-prefix=PARAM

// CHECK-LABEL: func.func @main
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c4{{.*}}) threads({{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// The stretch: its first step (32 z) and its first element of K (512 z).
// CHECK: %[[STRETCH:.*]] = arith.remui %[[Z]], %c4
// CHECK: %[[FIRST:.*]] = arith.muli %[[STRETCH]], %c32
// CHECK: %[[K0:.*]] = arith.muli %[[STRETCH]], %c512
// CHECK: %[[AT:.*]] = arith.addi %[[K0]], %{{.*}} : index
// CHECK: nvgpu.device_async_copy %arg0[%{{.*}}, %[[AT]]], %{{.*}}[%c0
// The sums start from zero: C is not read.
// CHECK-NOT: memref.load %arg2
// CHECK: scf.for {{.*}} = %c0 to %c32 step %c1 iter_args(%{{.*}} = %cst, %{{.*}} = %cst,
// CHECK: arith.addi %[[FIRST]]
// CHECK: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-32: memref.atomic_rmw addf %{{.*}}, %arg2
// CHECK-NOT: memref.store {{.*}}, %arg2
// CHECK-NOT: linalg.matmul

// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX: atom.global.add.f32
// PTX-NOT: ld.local
// PTX-NOT: st.local

// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH

// PARAM: error: skill matmul_tf32x3_mma_split_k on dispatch 1: its requirement '(loop_range_2 + BK - 1) / BK / KSPLIT >= S - 1' does not hold here (loops 64 x 64 x 2048)
func.func @main(%a: memref<64x2048xf32>, %b: memref<2048x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x2048xf32>, memref<2048x64xf32>) outs(%c : memref<64x64xf32>)
  return
}
