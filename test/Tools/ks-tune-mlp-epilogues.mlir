// Three Linear(256, 256) layers with ReLU (Inputs/mlp_three_layers_1024x256.mlir)
// planned by the model: every GEMM takes its bias add (and the ReLU) in its
// epilogue and its zero fill in its first store, so the program is three
// kernels. Before ks-clone-shared-fills and ks-epilogue-in-place, the fill
// was one buffer copied into each GEMM's, and the second and third bias
// adds, written into the buffer their GEMM read, ran as kernels of their
// own. The plan's kernels, run thread by thread on the CPU, match the CPU
// reference.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/mlp_three_layers_1024x256.mlir --measure=model --device=h200 --out=%t/out > %t/log 2>&1
// RUN: FileCheck %s < %t/log
// RUN: ks-run %S/Inputs/mlp_three_layers_1024x256.mlir --emulate-gpu --plan=%t/out/plan.json --seed=7 | FileCheck %s --check-prefix=EMULATED

// CHECK: dispatch  class
// CHECK-DAG: {{^}}1 {{ *}}matmul {{.*}}_epilogue
// CHECK-DAG: {{^}}4 {{ *}}matmul {{.*}}_epilogue
// CHECK-DAG: {{^}}7 {{ *}}matmul {{.*}}_epilogue
// CHECK-DAG: {{^}}0 {{ *}}fill {{.*}}fused: no kernel of its own
// CHECK-DAG: {{^}}2 {{ *}}broadcast {{.*}}fused: no kernel of its own
// CHECK-NOT: copy
// CHECK: whole program

// EMULATED: output #0 1024x256xf32: match
