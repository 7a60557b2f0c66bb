// REQUIRES: cuda-gpu
// A plan's "reverse_blocks" on the H100: level1/37's Frobenius
// normalization at KernelBench's size (Inputs/frobenius_16x64x128x128.mlir,
// 64 MB, more than the L2) with its benchmark plan, the division's kernel
// (dispatch 4, vectorize_128bit, 16384 blocks) run in reverse so that it
// starts where the sum of squares left the L2. Against the seed's kernels on
// the GPU, fresh random inputs (the CPU reference sums the 16M squares one by
// one in f32).
// RUN: echo '{"reverse_blocks": [4], "dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 512, "E": 4, "V": 1}}, {"id": 3, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0}}, {"id": 4, "skill": "vectorize_128bit", "params": {"R": 1, "TX": 256, "VEC": 4}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/frobenius_16x64x128x128.mlir --plan=%t.plan.json --reference=gpu:%S/Inputs/frobenius_16x64x128x128.mlir --seed=23 --trials=3 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.log
// RUN: grep -c '"grid": \[' %t.json | grep -qx 3
