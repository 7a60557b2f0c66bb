// Kernels IREE's CUDA HAL cannot launch as ks does are refused, each with an
// error naming the kernel and the reason (docs/iree.md lists the skills).
// A TMA kernel (matmul_tf32x3_wgmma_tma): its descriptors are made on the
// host, and IREE passes a kernel only buffers and 32-bit constants.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_wgmma_tma", "params": {"S": 3, "P": 2}}]}' > %t.tma.json
// RUN: not ks-opt %S/../Skills/Inputs/linear_bias_256x128x96.mlir --ks-export-iree="plan=%t.tma.json" -o %t.tma.mlir 2>&1 | FileCheck %s --check-prefix=TMA
// A grid barrier (grid_reduce_then_map): every block must be resident at
// once, which ks's runtime checks before the launch and IREE's does not.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 4, "T": 128, "R": 2, "S": 3}}]}' > %t.grid.json
// RUN: not ks-opt %S/../Skills/Inputs/frobenius_norm.mlir --ks-export-iree="plan=%t.grid.json" -o %t.grid.mlir 2>&1 | FileCheck %s --check-prefix=GRID
// Functions the export cannot give IREE's tensor ABI.
// RUN: not ks-opt %s --ks-export-iree -o %t.scalar.mlir 2>&1 | FileCheck %s --check-prefix=SCALAR

// TMA: error: ks-export-iree: kernel @main_kernel cannot run in IREE: argument #0 is a TMA descriptor the host makes; IREE's CUDA HAL passes a kernel only buffers and 32-bit constants
// TMA-NOT: error:

// GRID: frobenius_norm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ks-export-iree: kernel @main_kernel cannot run in IREE: it waits for its whole grid at a barrier, which needs all its blocks resident at once; IREE's CUDA HAL launches it without checking that
// GRID-NOT: error:

// SCALAR: error: ks-export-iree: argument #1 of @scale is a 'f32'; the IREE export takes tensors only
func.func @scale(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
