// REQUIRES: cuda-gpu
// matmul_tf32x3_wgmma_tma matches the CPU reference (atol = rtol = 1e-4)
// on fresh random inputs: a linear layer with K = 4096 (128 K steps
// through 3 slots, the phase parity flipping every round) whose output
// starts from the broadcast bias (folded: the kernel adds it to its sums),
// and C + A B^T with C an input (2 slots, 2 K steps: the kernel loads C).
// RUN: ks-run %S/Inputs/linear_bias_256x512x4096.mlir --plan=%S/Inputs/plan_matmul_tf32x3_wgmma_tma.json --seed=72 --trials=5 --json=%t.bias.json > %t.bias.log
// RUN: grep -q "output #0 256x512xf32: match" %t.bias.log
// RUN: grep -c '"launches"' %t.bias.json | grep -qx 1
// RUN: ks-run %S/Inputs/matmul_accumulate_128x256x64.mlir --plan=%S/Inputs/plan_matmul_tf32x3_wgmma_tma_accumulate.json --seed=73 --trials=5 > %t.acc.log
// RUN: grep -q "output #0 128x256xf32: match" %t.acc.log
