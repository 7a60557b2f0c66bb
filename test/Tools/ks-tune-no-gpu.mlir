// Where ks-run finds no CUDA driver, ks-tune says so and estimates with the
// cost model instead (--measure=auto, the default).
// UNSUPPORTED: cuda-gpu, device-bundle
// REQUIRES: ptxas
// RUN: rm -rf %t && ks-tune %s --rounds=1 --out=%t | FileCheck %s
// CHECK: ks-tune: no GPU (ks-run: no CUDA driver found: {{.*}}): estimating with the cost model
// CHECK: ks-tune: estimating on h100-sxm
// CHECK: whole program: {{.*}} (estimated on h100-sxm, not measured on a GPU)
func.func @main(%a: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %r = linalg.transpose ins(%a : tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) permutation = [1, 0]
  return %r : tensor<256x256xf32>
}
