// REQUIRES: ptxas
// A dispatch searched after a signature's followers took their leader's
// step is weighed against the plan measured with them: the followers'
// kernels take their ReLUs in (an epilogue each), and were those ReLUs
// still in the base, the next dispatch's candidates (the narrower last
// GEMM, dispatch 10) would look as if they had taken them in: an attempt
// no faster than its base accepted as 1.3x faster.
// RUN: rm -rf %t && ks-tune %s --measure=model --precision=tf32x3 --out=%t --rounds=2 --max-dispatches=64 > %t.log
// RUN: FileCheck %s < %t.log
// RUN: FileCheck %s --check-prefix=TRAJ < %t/trajectory.jsonl
// CHECK-DAG: ks-tune: dispatch 5 (matmul): as dispatch 2, same signature: matmul_tf32x3_mma_epilogue
// CHECK-DAG: ks-tune: dispatch 7 (matmul): as dispatch 2, same signature: matmul_tf32x3_mma_epilogue
// TRAJ: "dispatch":10,
// TRAJ-NOT: "absorbed_dispatches"
// With no round to search (--rounds=0, as with a spent budget) nothing is
// weighed against the base: the followers are measured once, with the
// rest, at the end. The ReLUs their kernels took in meanwhile still had a
// kernel in the base; the final measurement finds them fused.
// RUN: rm -rf %t.r0 && ks-tune %s --measure=model --precision=tf32x3 --out=%t.r0 --rounds=0 --max-dispatches=64 > %t.r0.log
// RUN: FileCheck %s --check-prefix=NOSEARCH < %t.r0.log
// RUN: not ls %t.r0/followers.plan.json
// RUN: ls %t.r0/grouped.plan.json
// NOSEARCH: dispatch 5 (matmul): as dispatch 2, same signature: matmul_tf32x3_mma_epilogue
// NOSEARCH: 6 elementwise {{.*}} fused: no kernel of its own
// NOSEARCH-NEXT: 8 elementwise {{.*}} fused: no kernel of its own
// Three layers of x @ W + ReLU, then a narrower GEMM of the last ReLU.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<2048x1024xf32>, %w0: tensor<1024x1024xf32>, %w1: tensor<1024x1024xf32>, %w2: tensor<1024x1024xf32>, %w3: tensor<1024x256xf32>) -> tensor<2048x256xf32> {
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
  %e3 = tensor.empty() : tensor<2048x256xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2048x256xf32>) -> tensor<2048x256xf32>
  %m3 = linalg.matmul ins(%r2, %w3 : tensor<2048x1024xf32>, tensor<1024x256xf32>) outs(%f3 : tensor<2048x256xf32>) -> tensor<2048x256xf32>
  return %m3 : tensor<2048x256xf32>
}
