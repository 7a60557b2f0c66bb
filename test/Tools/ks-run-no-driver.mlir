// Without a CUDA driver ks-run says so, exits 2, and points at --cpu-only.
// UNSUPPORTED: cuda-gpu, device-bundle
// RUN: not ks-run %s 2>&1 | FileCheck %s
// CHECK: ks-run: no CUDA driver found: libcuda.so.1: cannot open shared object file: No such file or directory (use --cpu-only to run just the CPU reference)
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
