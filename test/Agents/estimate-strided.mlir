// The cost model's sectors on a 4096x8192 transpose (H200). The seed puts
// neighbouring threads on neighbouring output columns, so its loads are a
// row (8192 elements) apart: each thread's 4 bytes take a 32-byte sector of
// its own between L2 and L1, 28 bytes too many for each of the 2^25
// elements (939524096 bytes), and the kernel is L2-bound. Staged through
// shared memory (transpose_smem_tile) both sides are coalesced: no excess,
// DRAM-bound. A row reduction's thread walks its own row, so its strided
// loads reuse their sectors from L1: no excess either.
// RUN: ks-opt %s --ks-seed-lowering --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=SEED
// RUN: echo '{"dispatches": [{"id": 0, "skill": "transpose_smem_tile", "params": {"T": 32, "TX": 32, "TY": 8}}]}' > %t.plan.json
// RUN: ks-opt %s --ks-seed-lowering="plan=%t.plan.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=TILED
// RUN: ks-opt %S/../Skills/Inputs/block_reduce_innermost_rows.mlir --ks-seed-lowering --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=ROWS

// SEED: "bound": "l2",
// SEED: "sector_excess_bytes": 939524096,

// TILED: "bound": "dram",
// TILED: "sector_excess_bytes": 0,

// ROWS-NOT: "sector_excess_bytes": {{[1-9]}}

func.func @main(%x: tensor<4096x8192xf32>) -> tensor<8192x4096xf32> {
  %empty = tensor.empty() : tensor<8192x4096xf32>
  %t = linalg.transpose ins(%x : tensor<4096x8192xf32>) outs(%empty : tensor<8192x4096xf32>) permutation = [1, 0]
  return %t : tensor<8192x4096xf32>
}
