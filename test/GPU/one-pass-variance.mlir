// REQUIRES: cuda-gpu
// A norm whose statistics ks-one-pass-variance takes in one reduction with
// two outputs (sum x, sum x^2), run on the GPU with each way of splitting
// its rows: a block per row, a warp per row, the row chain in a block and
// in a cluster of two (each output's block total read from the other block
// through distributed shared memory). Each matches the CPU reference, which
// keeps Torch-MLIR's two passes, on fresh random inputs.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "block_reduce_innermost", "params": {"T": 256, "E": 4}}]}' > %t.block.json
// RUN: ks-run %S/../Transforms/Inputs/variance_rows_16x4096.mlir --plan=%t.block.json --seed=71 --trials=2 | grep -q 'output #0 16x4096xf32: match'
// RUN: echo '{"dispatches": [{"id": 2, "skill": "warp_reduce_innermost", "params": {"R": 2, "E": 4}}]}' > %t.warp.json
// RUN: ks-run %S/../Transforms/Inputs/variance_rows_16x4096.mlir --plan=%t.warp.json --seed=72 --trials=2 | grep -q 'output #0 16x4096xf32: match'
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 1, "M": 1, "V": 1}}]}' > %t.chain.json
// RUN: ks-run %S/../Transforms/Inputs/variance_rows_16x4096.mlir --plan=%t.chain.json --seed=73 --trials=2 | grep -q 'output #0 16x4096xf32: match'
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 256, "E": 1}}]}' > %t.cluster.json
// RUN: ks-run %S/../Transforms/Inputs/variance_rows_16x4096.mlir --plan=%t.cluster.json --seed=74 --trials=2 | grep -q 'output #0 16x4096xf32: match'

