// REQUIRES: cuda-gpu
// Invariant loads on the GPU: the layer norm's row chain in one block a
// row with its read-only buffers (the input, the weight, the bias) loaded
// with ld.global.nc (the plan's "invariant_loads"), checked against the
// CPU reference on fresh random inputs, and its PTX holding the
// non-coherent loads.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_block", "params": {"T": 256, "E": 1, "V": 1}}], "invariant_loads": [2]}' > %t.plan.json
// RUN: ks-run %S/../Skills/Inputs/row_chain_layer_norm.mlir --plan=%t.plan.json --seed=23 --trials=3 > %t.log
// RUN: grep -q 'output #0 .*xf32: match' %t.log
// RUN: rm -rf %t.ptx && ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: grep -q 'ld.global.nc' %t.ptx/main_kernel.sm_90.ptx
// A depthwise convolution reading its zero-padded input in place (FOLD =
// 1): one kernel, against the CPU reference.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2, "FOLD": 1}}], "invariant_loads": [3]}' > %t.dw.json
// RUN: ks-run %S/../Skills/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --plan=%t.dw.json --seed=24 --trials=3 --json=%t.dw.run.json > %t.dw.log
// RUN: grep -q 'output #0 .*xf32: match' %t.dw.log
// RUN: grep -c '"grid": \[' %t.dw.run.json | grep -qx 1
