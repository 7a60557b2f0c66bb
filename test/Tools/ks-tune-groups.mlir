// REQUIRES: ptxas
// Dispatches of one signature in the same surroundings are decided once:
// the later layers' GEMMs (each with its own zero fill, its ReLU written
// over its result) take the first layer's decision, its epilogue included,
// without a search of their own, and the plan is measured once with all of
// them.
// RUN: rm -rf %t && ks-tune %s --measure=model --precision=tf32x3 --out=%t --rounds=2 --max-dispatches=64 > %t.log
// RUN: FileCheck %s < %t.log
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.json
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
// RUN: FileCheck %s --check-prefix=TRAJ < %t/trajectory.jsonl
// CHECK-DAG: ks-tune: dispatch 5 (matmul): as dispatch 2, same signature: matmul_tf32x3_mma_epilogue
// CHECK-DAG: ks-tune: dispatch 7 (matmul): as dispatch 2, same signature: matmul_tf32x3_mma_epilogue
// CHECK: 2 matmul {{.*}} matmul_tf32x3_mma_epilogue
// The later layers' kernels write their fills (dispatch 4 the shared one):
// once they took their steps nothing is left of it to decide.
// CHECK: 4 fill {{.*}} fused: no kernel of its own
// Each plan differs from the one it is built on in a few kernels: the
// others are not compiled again.
// CHECK: kernel modules: {{[1-9][0-9]*}} compiled, {{[1-9][0-9]*}} reused from earlier plans
// CHECK: whole program: seed {{.*}} ms, tuned {{.*}} ms
// REPORT: "same_signature_as": 2,
// REPORT: "stopped": "decided once for its signature, by dispatch 2"
// REPORT: "kernel_modules": {
// REPORT-NEXT: "compiled": {{[1-9][0-9]*}},
// REPORT-NEXT: "reused": {{[1-9][0-9]*}}
// PLAN: "id": 2,
// PLAN-NEXT: "params": {
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// PLAN: "id": 5,
// PLAN-NEXT: "params": {
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// PLAN: "id": 7,
// PLAN-NEXT: "params": {
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// TRAJ-NOT: "dispatch":7,
// TRAJ-NOT: "dispatch":5,
// Three layers of x @ W + ReLU on one shared fill and tensor.empty: three
// GEMMs and three ReLUs of one set of features each.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<2048x1024xf32>, %w0: tensor<1024x1024xf32>, %w1: tensor<1024x1024xf32>, %w2: tensor<1024x1024xf32>) -> tensor<2048x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %m0 = linalg.matmul ins(%x, %w0 : tensor<2048x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %r0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m0 : tensor<2048x1024xf32>) outs(%e : tensor<2048x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.maximumf %a, %zero : f32
    linalg.yield %v : f32
  } -> tensor<2048x1024xf32>
  %m1 = linalg.matmul ins(%r0, %w1 : tensor<2048x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m1 : tensor<2048x1024xf32>) outs(%e : tensor<2048x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.maximumf %a, %zero : f32
    linalg.yield %v : f32
  } -> tensor<2048x1024xf32>
  %m2 = linalg.matmul ins(%r1, %w2 : tensor<2048x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m2 : tensor<2048x1024xf32>) outs(%e : tensor<2048x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.maximumf %a, %zero : f32
    linalg.yield %v : f32
  } -> tensor<2048x1024xf32>
  return %r2 : tensor<2048x1024xf32>
}
