// Every kernel module says which dispatch it computes, through the seed
// mapping (the dispatch number rides on the ops' locations) and through a
// skill: the max-subtract chain below has three dispatches (fill, max,
// subtract), one kernel
// each, in order; with a plan, the skill's kernel keeps its dispatch.
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_thread_tile_2d", "params": {"BM": 32, "BN": 32, "TM": 2, "TN": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/../Skills/Inputs/matmul_256x128x64.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=SKILL
// CHECK-NOT: ks.kernel_dispatches
// CHECK: gpu.module @main_kernel attributes {ks.dispatch = 0 : i64}
// CHECK: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// CHECK: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// SKILL: gpu.module @main_kernel attributes {ks.dispatch = 0 : i64}
// SKILL: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x16xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x16xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<4x16xf32>, tensor<4xf32>) outs(%e2 : tensor<4x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x16xf32>
  return %sub : tensor<4x16xf32>
}
