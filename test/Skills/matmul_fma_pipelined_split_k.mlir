// The skill matmul_fma_pipelined_split_k on a 64x64 matmul with K = 2048
// (64 x 64 x 16 tiles, 2 x 2 warps of 8 x 4 threads with 4 x 8 outputs, 3
// stages, K split 4 ways): one output tile, four blocks along z, each
// summing its stretch of K from zero in exact FMAs (C is not read) and
// adding it to C with atomic adds after the loop. On the CPU the kernel
// matches the reference, as it does on a 100 x 36 GEMM with K = 1020 that
// no tile divides. The skill's requirement refuses stretches shorter than
// the pipeline.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_fma_pipelined_split_k params=BM=64,BN=64,BK=16,WM=32,WN=32,TM=4,TN=8,S=3,MINB=0,KSPLIT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_fma_pipelined_split_k", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "TM": 4, "TN": 8, "S": 3, "MINB": 0, "KSPLIT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_64x2048x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/matmul_64x2048x64.mlir --emulate-gpu --plan=%t.plan.json --seed=24 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/matmul_100x1020x36.mlir --emulate-gpu --plan=%t.plan.json --seed=25 | FileCheck %s --check-prefix=EMULATED
// K = 1020 in 32 steps of 32 split 32 ways leaves one step to each
// stretch, fewer than a 3-stage pipeline keeps in flight.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_fma_pipelined_split_k", "params": {"BM": 32, "BN": 64, "BK": 32, "WM": 32, "WN": 32, "TM": 4, "TN": 8, "S": 3, "MINB": 0, "KSPLIT": 32}}]}' > %t.short.json
// RUN: not ks-opt %S/Inputs/matmul_100x1020x36.mlir --ks-seed-lowering="plan=%t.short.json" 2>&1 | FileCheck %s --check-prefix=PARAM

// CHECK-LABEL: func.func @main
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c4{{.*}}) threads({{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK-NOT: memref.load %arg2
// CHECK: scf.for {{.*}} = %c0 to %c32 step %c1 iter_args(%{{.*}} = %cst, %{{.*}} = %cst,
// CHECK: vector.fma
// CHECK: scf.yield
// CHECK-COUNT-32: memref.atomic_rmw addf %{{.*}}, %arg2
// CHECK-NOT: memref.store {{.*}}, %arg2
// CHECK-NOT: linalg.matmul

// PTX: fma.rn.f32
// PTX: atom.global.add.f32
// PTX-NOT: mma.sync
// PTX-NOT: ld.local

// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH

// PARAM: error: skill matmul_fma_pipelined_split_k on dispatch 1: its requirement '(loop_range_2 + BK - 1) / BK / KSPLIT >= S - 1' does not hold here (loops 100 x 36 x 1020)
func.func @main(%a: memref<64x2048xf32>, %b: memref<2048x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x2048xf32>, memref<2048x64xf32>) outs(%c : memref<64x64xf32>)
  return
}
