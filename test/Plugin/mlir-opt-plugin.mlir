// REQUIRES: plugin, ptxas
// Upstream mlir-opt loads KernelSkillPlugin.so and then runs the same
// passes and pipelines as ks-opt. (mlir-opt creates its --pass-name flags
// before it loads plugins, so plugin passes are named in --pass-pipeline.)
// RUN: mlir-opt %s --load-pass-plugin=%ks_plugin --pass-pipeline="builtin.module(ks-compile{chip=sm_90})" | FileCheck %s
// RUN: mlir-opt %s --load-pass-plugin=%ks_plugin --pass-pipeline="builtin.module(ks-check-input,ks-seed-lowering{block-size=128})" | FileCheck %s --check-prefix=SEED
// RUN: mlir-opt --load-pass-plugin=%ks_plugin --help | FileCheck %s --check-prefix=HELP

// CHECK-LABEL: func.func @main(%{{.*}}: memref<8x16xf32>, %{{.*}}: memref<8x16xf32>)
// CHECK:         gpu.launch_func @main_kernel::@main_kernel
// CHECK:       gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}registers
// SEED:        gpu.launch_func @main_kernel::@main_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[T:.*]], %{{.*}}, %{{.*}})
// SEED:        gpu.module @main_kernel
// SEED:          gpu.func @main_kernel{{.*}} kernel
// SEED:            math.exp
// HELP-DAG:    --ks-compile
// HELP-DAG:    --ks-seed-lowering
// HELP-DAG:    --ks-verify-ptx
// HELP-DAG:    --ks-map-parallel-loops-to-gpu
func.func @main(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = math.exp %in : f32
    linalg.yield %y : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
