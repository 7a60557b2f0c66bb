// REQUIRES: cuda-gpu
// The log-softmax over channels of ../Tools/ks-tune-log-softmax-channels.mlir
// on the GPU, with the plan the model gives it there (ks-one-pass-softmax's
// maximum and sum as one reduction with two outputs, computed with the
// quotients in one kernel, each column split among S threads:
// reduce_strided_split_epilogue): matches the CPU reference on fresh random
// inputs.
// RUN: ks-run %S/../Tools/Inputs/log_softmax_channels_2x128x8x8.mlir --plan=%S/Inputs/plan_log_softmax_channels.json --seed=61 --trials=3 > %t.log
// RUN: grep -q "output #0 2x128x8x8xf32: match" %t.log
