// The row-reduction skills on f64 rows (Torch-MLIR computes the variance of
// layer, group and instance norm in f64): two neighbouring elements a
// lane reads in one 16-byte load (ld.global.v2.b64); the lanes' partial sums are
// combined by 64-bit shuffles, each split into two 32-bit ones (five steps,
// ten shfl.sync; the block version runs the butterfly twice). Both match
// the CPU reference in emulation.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 2}}]}' > %t.warp.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_reduce_innermost", "params": {"T": 256, "E": 2}}]}' > %t.block.json
// RUN: rm -rf %t.wptx && ks-opt %S/Inputs/f64_row_sums.mlir --ks-compile="plan=%t.warp.json ptx-dir=%t.wptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=WARP < %t.wptx/main_kernel_0.sm_90.ptx
// RUN: rm -rf %t.bptx && ks-opt %S/Inputs/f64_row_sums.mlir --ks-compile="plan=%t.block.json ptx-dir=%t.bptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=BLOCK < %t.bptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/f64_row_sums.mlir --emulate-gpu --plan=%t.warp.json --seed=61 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/f64_row_sums.mlir --emulate-gpu --plan=%t.block.json --seed=62 | FileCheck %s --check-prefix=EMULATED

// WARP: ld.global.v2.b64
// WARP-COUNT-10: shfl.sync.bfly.b32
// WARP: add.rn.f64
// WARP-NOT: shfl.sync
// BLOCK: .shared .align 8 .b8 __ks_block_reduce[256];
// BLOCK-COUNT-20: shfl.sync.bfly.b32
// BLOCK-NOT: shfl.sync
// EMULATED: output #0 32xf64: match
