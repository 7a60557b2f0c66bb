// The cost model's charge for loads again: a softmax over 65536 rows of
// 2048 (Inputs/softmax_65536x2048.mlir) as one row kernel.
// A warp a row walking its row once per op (V = 0) loads its 256 bytes of
// x, then of the exponentials, again in a later phase: 512 bytes a thread
// to keep, 1 MB an SM at 2048 threads, more than L1; the GPU's 138 MB are
// more than the half of the H200's 50 MB L2 that keeps them, so DRAM
// serves 1 - 26.2 / 138.4 = 81% of the 1 GiB loaded again.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 0}}]}' > %t.warp.json
// RUN: ks-opt %S/Inputs/softmax_65536x2048.mlir --ks-seed-lowering="plan=%t.warp.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=WARP
// The same warps keeping their elements in registers (V = 1) load once.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 1}}]}' > %t.registers.json
// RUN: ks-opt %S/Inputs/softmax_65536x2048.mlir --ks-seed-lowering="plan=%t.registers.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=REGISTERS
// A block of 1024 a row walks it once per op too, but keeps 8 bytes a
// thread: 16 KB an SM, which L1 serves.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 1, "V": 0}}]}' > %t.block.json
// RUN: ks-opt %S/Inputs/softmax_65536x2048.mlir --ks-seed-lowering="plan=%t.block.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=BLOCK

// WARP: "bound": "dram",
// WARP: "dram_us": 663.0
// WARP: "reread_bytes": 1073741824,
// WARP-NEXT: "reread_dram_share": 0.8106
// Plus 3.6 us of block barriers after loads (estimate-load-drains.mlir).
// WARP: "time_us": 666.6

// REGISTERS-NOT: reread
// REGISTERS: "time_us": 290.8
// REGISTERS-NOT: reread

// BLOCK-NOT: reread
// BLOCK: "time_us"
// BLOCK-NOT: reread
