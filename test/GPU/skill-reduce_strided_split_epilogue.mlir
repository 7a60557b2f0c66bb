// REQUIRES: cuda-gpu
// reduce_strided_split_epilogue on the GPU: a log-softmax over 64 channels
// (ks-one-pass-softmax's two-output reduction and the quotients in one
// kernel, blocks of 32 x 8 and 16 x 4 threads) and an L2 normalization
// over 16 channels each match the CPU reference on fresh random inputs.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_split_epilogue", "params": {"BX": 32, "S": 8}}]}' > %t.wide.json
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --plan=%t.wide.json --seed=91 --trials=2 | grep -q 'output #0 2x64x8x32xf32: match'
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_split_epilogue", "params": {"BX": 16, "S": 4}}]}' > %t.narrow.json
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --plan=%t.narrow.json --seed=92 --trials=2 | grep -q 'output #0 2x64x8x32xf32: match'
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_split_epilogue", "params": {"BX": 32, "S": 4}}]}' > %t.l2.json
// RUN: ks-run %S/../Skills/Inputs/l2_normalize_channels_2x16x8x16.mlir --plan=%t.l2.json --seed=93 --trials=2 | grep -q 'output #0 2x16x8x16xf32: match'
