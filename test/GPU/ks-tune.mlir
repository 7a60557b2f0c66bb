// REQUIRES: cuda-gpu
// The loop end to end on a 1024^3 matmul: the seed is measured, the
// planner reads the counters (GEMM tiling) and, under the default precision
// policy (exact: no tensor cores), proposes the FMA GEMM of warp tiles and
// shared-memory tiles (copied asynchronously, multi-buffered),
// each candidate is checked against the seed kernels on the GPU and timed,
// the base moves on a clear win, and plan, trajectory and report are
// written. The winning plan then runs again through ks-run and matches the
// CPU reference.
// RUN: rm -rf %t.out
// The three candidates are one batch: built at once, measured in turns.
// RUN: ks-tune %s --out=%t.out --rounds=3 --jobs=3 --trials=5 > %t.log
// RUN: grep -q '"batch":{"first_round":1,"size":3}' %t.out/trajectory.jsonl
// RUN: grep -q '"waited_ms"' %t.out/d1-r2.run.json
// RUN: grep -q "whole program: seed" %t.log
// The plan holds one of the case's first candidates, FMA warp tiles or
// pipelined shared-memory tiles, whichever measured faster; no tensor core.
// RUN: grep -qE '"skill": "matmul_(fma_pipelined|smem_pipelined)"' %t.out/plan.json
// RUN: not grep -q tf32x3 %t.out/plan.json
// RUN: grep -q '"accepted":true' %t.out/trajectory.jsonl
// RUN: grep -q '"rule":"case gemm-shared-memory' %t.out/trajectory.jsonl
// RUN: %python %S/Inputs/check_tune.py %t.out/report.json > %t.check
// RUN: grep -q "^tuned faster than the seed$" %t.check
// RUN: ks-run %s --plan=%t.out/plan.json --trials=2 > %t.run.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.run.log
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
