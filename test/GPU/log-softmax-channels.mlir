// REQUIRES: cuda-gpu
// The log-softmax over channels of ../Tools/ks-tune-log-softmax-channels.mlir
// on the GPU, with the plan the model gives it there (x - max recomputed in
// the sum and in the result; the maximum and the sum strided kernels with
// their outputs in registers, the sum's with two inputs): matches the CPU
// reference on fresh random inputs.
// RUN: ks-run %S/../Tools/Inputs/log_softmax_channels_2x128x8x8.mlir --plan=%S/Inputs/plan_log_softmax_channels.json --seed=61 --trials=3 > %t.log
// RUN: grep -q "output #0 2x128x8x8xf32: match" %t.log
