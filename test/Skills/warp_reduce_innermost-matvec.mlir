// warp_reduce_innermost on a matrix-vector product: the matmul with N = 1 is
// a row reduction of A against x after ks-drop-unit-dims-of-reductions
// (dispatch 1), which the Feature Extractor calls a matmul with one
// parallel loop; the policy's matrix-vector case picks a warp per row. Each
// lane multiplies and adds 4 elements of every 128 of its row, the lanes
// combine by shuffles. (Multiply, then add: the CPU reference rounds the
// same way.)
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matvec_64x512.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/matvec_64x512.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED

// PTX: %laneid
// PTX-COUNT-4: mul.rn.f32
// PTX-COUNT-5: shfl.sync.bfly.b32
// EMULATED: output #0 64x1xf32: match
