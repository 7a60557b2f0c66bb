// REQUIRES: cuda-gpu
// A log_softmax over channels whose maximum and sum of exponentials
// ks-one-pass-softmax takes in one reduction (dispatch 2), run on the GPU:
// a thread walking its column (argreduce_strided_registers, two block
// widths) and the seed kernel each match the CPU reference, which keeps
// the two passes, on fresh random inputs.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "argreduce_strided_registers", "params": {"BX": 64, "U": 8}}]}' > %t.64.json
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --plan=%t.64.json --seed=81 --trials=2 | grep -q 'output #0 2x64x8x32xf32: match'
// RUN: echo '{"dispatches": [{"id": 2, "skill": "argreduce_strided_registers", "params": {"BX": 128, "U": 16}}]}' > %t.128.json
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --plan=%t.128.json --seed=82 --trials=2 | grep -q 'output #0 2x64x8x32xf32: match'
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --seed=83 --trials=2 | grep -q 'output #0 2x64x8x32xf32: match'
