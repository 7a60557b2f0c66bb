// The H200's answer to test/GPU/ks-tune.mlir without a GPU (a stand-in for
// ks-run, Inputs/fake_ks_run_register_limited.py): the first choice's FMA
// tiles measure 57 us at 128 registers, occupancy limited by them. Those
// counters classify as register_pressure, a bottleneck the GEMM cases
// address: the search goes on from the first choice with a batch of
// three, instead of stopping after round 0.
// UNSUPPORTED: device-bundle
// RUN: rm -rf %t.out
// RUN: ks-tune %s --out=%t.out --ks-run=%S/Inputs/fake_ks_run_register_limited.py --rounds=3 --jobs=3 --trials=5 > %t.log
// RUN: FileCheck %s < %t.out/trajectory.jsonl
// CHECK: "rule":"first choice: case gemm-shared-memory
// CHECK: "batch":{"first_round":1,"size":3}
// CHECK-SAME: "rule":"case gemm-shared-memory: {{.*}}bottleneck register_pressure
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
