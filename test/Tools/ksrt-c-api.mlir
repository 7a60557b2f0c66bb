// The C API without a GPU: every failure is a NULL or non-zero result with
// a message, never a crash.
// UNSUPPORTED: cuda-gpu, device-bundle
// RUN: %python %S/Inputs/ksrt_check.py %ks_library %s main | FileCheck %s
// RUN: %python %S/Inputs/ksrt_check.py %ks_library %t.does-not-exist.mlir main | FileCheck %s --check-prefix=MISSING
// CHECK: load: NULL no CUDA driver found: libcuda.so.1: cannot open shared object file: No such file or directory
// CHECK: invoke(NULL): 1 ksrt_invoke: program is NULL
// CHECK: inputs(NULL): -1
// MISSING: load: NULL cannot parse '{{.*}}does-not-exist.mlir': {{.*}}could not open input file
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
