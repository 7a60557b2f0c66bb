// --ks-optimize: the tuning loop, then ks-compile with the winning plan, in
// one pass. Here without a GPU (measure=model): the tensor-core matmul
// (3xTF32) wins on the cost model, the module comes out with its kernels assembled
// by ptxas, and the report, plan and trajectory are in out=. With the
// tuning database, the second compile measures nothing and gives the same
// kernels.
// The search from the seed (--first-choices=false); the first choices
// before it: test/Tools/ks-tune-first-choices.mlir.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-opt %s --ks-optimize="first-choices=false precision=tf32x3 measure=model rounds=2 out=%t/first db=%t/db.json" -o %t/first.mlir 2> %t/first.log
// RUN: FileCheck %s < %t/first.mlir
// RUN: FileCheck %s --check-prefix=LOG < %t/first.log
// RUN: ls %t/first/report.json %t/first/report.html %t/first/plan.json %t/first/trajectory.jsonl
// RUN: ks-opt %s --ks-optimize="first-choices=false precision=tf32x3 measure=model out=%t/second db=%t/db.json" -o %t/second.mlir 2> %t/second.log
// RUN: FileCheck %s < %t/second.mlir
// RUN: FileCheck %s --check-prefix=AGAIN < %t/second.log
// RUN: not ks-opt %s --ks-optimize="first-choices=false precision=tf32x3 measure=maybe out=%t/bad" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// The matmul runs the tensor-core kernel: 64x64 outputs a block of 2x2
// warps, 32x32 each, its operand tiles in shared memory; the fill (dispatch
// 0) is folded into it, its sums starting from zero: one kernel.
// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c8, %c8, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64

// LOG: ks-tune: estimating on h100-sxm
// LOG: ks-tune: dispatch 1 (matmul) round 1/2: matmul_tf32x3_mma {"BK":16,"BM":64,"BN":64,"S":3,"WM":32,"WN":32}
// LOG: 0 fill {{.*}} fused: no kernel of its own
// LOG: whole program: {{.*}} (estimated on h100-sxm, not measured on a GPU)
// AGAIN: ks-tune: every dispatch (2) found in {{.*}}db.json: nothing measured
// BAD: error: ks-optimize: measure must be auto, gpu or model, not 'maybe'
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
