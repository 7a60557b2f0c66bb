// REQUIRES: cuda-gpu
// Per-kernel times from CUPTI's activity records agree with CUDA event
// timing within 10% on a run longer than 100 us (a 512^3 seed matmul).
// RUN: ks-run %s --trials=5 --json=%t.json > %t.log
// RUN: grep -q "kernels (CUPTI):" %t.log
// RUN: %python %S/Inputs/check_cupti.py %t.json > %t.check
// RUN: grep -q "^agree within 10%$" %t.check
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
