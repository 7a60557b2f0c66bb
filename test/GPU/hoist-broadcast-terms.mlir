// REQUIRES: cuda-gpu
// An instance norm's apply after ks-hoist-broadcast-terms on the GPU: the
// row terms (1/sqrt(var / n + eps), the mean) in a kernel over the rows,
// the apply f32 only and vectorized; against the CPU reference, which
// computes the terms per element as Torch-MLIR wrote them, on fresh inputs.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "vectorize_128bit", "params": {"R": 1, "TX": 64, "VEC": 4}}]}' > %t.plan.json
// RUN: ks-run %S/../Transforms/Inputs/instance_norm_apply_1x32x256.mlir --plan=%t.plan.json --seed=81 --trials=3 | grep -q 'output #0 1x32x256xf32: match'
