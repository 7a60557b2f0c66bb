// Choosing the reference: bad choices are refused, by name, before anything
// runs (no GPU needed).
// UNSUPPORTED: device-bundle
// RUN: not ks-run %s --reference=fpga 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: ks-run: unknown --reference 'fpga': expected cpu, gpu:FILE or none
// RUN: not ks-run %s --reference=gpu:%S/Inputs/matmul_4x16x8.mlir 2>&1 | FileCheck %s --check-prefix=SIGNATURE
// SIGNATURE: ks-run: the reference {{.*}}matmul_4x16x8.mlir has the signature (4x16xf32, 16x8xf32) -> (4x8xf32), the module (8x32xf32, 32x16xf32) -> (8x16xf32)
// RUN: not ks-run %s --reference=gpu:%S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ks-run: cannot parse the reference {{.*}}does-not-exist.mlir
// RUN: not ks-run %s --reference=gpu:%s --cpu-only 2>&1 | FileCheck %s --check-prefix=CPUONLY
// CPUONLY: ks-run: --reference=gpu:{{.*}} runs on the GPU; it does not go with --cpu-only
// RUN: not ks-run %s --check-at=%S/Inputs/matmul_4x16x8.mlir --cpu-only 2>&1 | FileCheck %s --check-prefix=CHECKCPU
// CHECKCPU: ks-run: --check-at checks the GPU at a smaller size; it does not go with --cpu-only
// RUN: not ks-run %s --check-at=%S/Inputs/matmul_4x16x8.mlir --reference=none 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: ks-run: --check-at and --reference=none exclude each other
func.func @main(%a: tensor<8x32xf32>, %b: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
