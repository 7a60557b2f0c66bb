// REQUIRES: cuda-gpu
// Three Linear(256, 256) layers (../Tools/Inputs/mlp_three_layers_1024x256.mlir,
// one shared zero fill and one shared tensor.empty as Torch-MLIR writes
// them): each GEMM starts from a fill of its own, folded, and takes its
// bias add (and ReLU) in its epilogue, writing over its own result; two on
// warpgroup tensor cores, the last with mma.sync. The three kernels match
// the CPU reference on fresh random inputs.
// RUN: ks-run %S/../Tools/Inputs/mlp_three_layers_1024x256.mlir --plan=%S/Inputs/plan_mlp_three_layers.json --seed=67 --trials=3 > %t.log
// RUN: grep -q "output #0 1024x256xf32: match" %t.log
