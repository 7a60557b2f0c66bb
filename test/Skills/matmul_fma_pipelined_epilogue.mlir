// The skill matmul_fma_pipelined_epilogue on a 256x64 (K = 128) matmul
// followed by a bias per column and a ReLU (one elementwise op once
// ks-fuse-elementwise has run): the FMA kernel of matmul_fma_pipelined
// (64x64 tiles of 2x2 warps of 8x4 threads with 4x8 outputs, 3 stages)
// stores each output, then applies the epilogue to it (the bias loaded at
// its column, the maximum with zero) and stores that to the epilogue's
// output; the epilogue gets no kernel of its own, and the output's zero
// fill is folded into it: one launch, exact f32 FMAs (no tensor core). On
// the CPU it matches the reference. Epilogues it must refuse get a
// diagnostic naming why.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_fma_pipelined_epilogue", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "TM": 4, "TN": 8, "S": 3, "MINB": 0}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/fuse_elementwise_epilogue.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: ks-opt %S/Inputs/fuse_elementwise_epilogue.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/fuse_elementwise_epilogue.mlir --emulate-gpu --plan=%t.plan.json --seed=23 | FileCheck %s --check-prefix=EMULATED
// RUN: not ks-opt %S/Inputs/fuse_elementwise_epilogue_refused.mlir --split-input-file --ks-apply-skills="dispatch=1 skill=matmul_fma_pipelined_epilogue params=BM=64,BN=64,BK=16,WM=32,WN=32,TM=4,TN=8,S=3,MINB=0" 2>&1 | FileCheck %s --check-prefix=REFUSED

// HOST-COUNT-1: gpu.launch_func
// HOST-NOT: gpu.launch_func

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: gpu.module @main_kernel
// CHECK: scf.for
// CHECK: vector.fma
// CHECK: scf.yield
// Each output: stored, its bias loaded, the ReLU, the epilogue's store.
// CHECK: %[[V:.*]] = vector.extract %{{.*}}[0] : f32 from vector<4xf32>
// CHECK: memref.store %[[V]], %[[C:[a-z0-9]+]][%[[ROW:[0-9]+]], %[[COL:[0-9]+]]] : memref<256x64xf32>
// CHECK-NEXT: %[[BIAS:.*]] = memref.load %{{.*}}[%[[COL]]] : memref<64xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[V]], %[[BIAS]] : f32
// CHECK-NEXT: %[[RELU:.*]] = arith.maximumf %[[SUM]], %{{.*}} : f32
// CHECK-NEXT: memref.store %[[RELU]], %{{[a-z0-9]+}}[%[[ROW]], %[[COL]]] : memref<256x64xf32>

// PTX: fma.rn.f32
// PTX: max.NaN.f32
// PTX-NOT: mma.sync
// PTX-NOT: ld.local

// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH

// REFUSED: error: skill matmul_fma_pipelined_epilogue on dispatch 1: the transform failed: cannot apply the epilogue: there is none (no linalg op comes right after the contraction)
// REFUSED: error: skill matmul_fma_pipelined_epilogue on dispatch 1: the transform failed: cannot apply the epilogue: the epilogue reads the contraction's output other than where it writes
// REFUSED: error: skill matmul_fma_pipelined_epilogue on dispatch 1: the transform failed: cannot apply the epilogue: the epilogue writes an operand of the contraction
// REFUSED: error: skill matmul_fma_pipelined_epilogue on dispatch 1: the transform failed: cannot apply the epilogue: the epilogue is not a 2-d elementwise op on buffers
