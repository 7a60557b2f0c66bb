// REQUIRES: cuda-gpu
// The PTX ks writes loads into the GPU's driver and every kernel is found.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-opt %s --ks-compile="chip=sm_90 ptx-dir=%t" -o /dev/null
// RUN: ks-load-ptx %t > %t.log
// RUN: grep -q "^loaded .*main_kernel.sm_90.ptx: 1 kernel(s) main_kernel(" %t.log
// RUN: grep -q "^loaded .*main_kernel_0.sm_90.ptx: 1 kernel(s) main_kernel_0(" %t.log
// RUN: grep -q "^2 passed, 0 failed$" %t.log
func.func @main(%a: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.matvec ins(%a, %b : tensor<64x128xf32>, tensor<128xf32>) outs(%f : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
