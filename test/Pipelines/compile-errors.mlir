// Bad input gets a diagnostic naming the problem and its location, and a
// non-zero exit; the output file is not written.
// RUN: split-file %s %t
// RUN: not ks-opt %t/malformed.mlir --ks-compile -o %t/out1.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not test -e %t/out1.mlir
// RUN: not ks-opt %t/unknown-dialect.mlir --ks-compile 2>&1 | FileCheck %s --check-prefix=DIALECT
// RUN: not ks-opt %t/unsupported.mlir --ks-compile -o %t/out2.mlir 2>&1 | FileCheck %s --check-prefix=UNMAPPED
// RUN: not test -e %t/out2.mlir
// RUN: not ks-opt %t/dynamic.mlir --ks-compile 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not ks-opt %t/ok.mlir --ks-compile="chip=sm_70" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ks-opt %t/ok.mlir --ks-compile="ptxas=%t/no-such-dir/ptxas" -o %t/out3.mlir 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// RUN: not test -e %t/out3.mlir
// Verification can be turned off explicitly; then no ptxas is needed.
// RUN: ks-opt %t/ok.mlir --ks-compile="ptxas=%t/no-such-dir/ptxas verify-ptx=false" | FileCheck %s --check-prefix=NOVERIFY

// MALFORMED: malformed.mlir:3:24: error: use of undeclared SSA value name
// DIALECT: unknown-dialect.mlir:2:8: error: Dialect `torch' not found for custom op 'torch.aten.relu'
// UNMAPPED: unsupported.mlir:3:8: error: unsupported op 'linalg.softmax': the seed lowering cannot map it to GPU kernels
// DYNAMIC: dynamic.mlir:1:1: error: dynamic dimension in argument #0 of function @main ('tensor<?x16xf32>'); ks requires static shapes
// CHIP: error: unknown chip 'sm_70'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_120
// NOPTXAS: error: ptxas not found at '{{.*}}no-such-dir/ptxas' (from the ptxas option)
// NOVERIFY: gpu.binary @main_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// NOVERIFY-NOT: ks.ptxas

//--- malformed.mlir
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.copy ins(%undefined : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
//--- unknown-dialect.mlir
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = torch.aten.relu %a : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
//--- unsupported.mlir
func.func @main(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
//--- dynamic.mlir
func.func @main(%a: tensor<?x16xf32>) -> tensor<?x16xf32> {
  return %a : tensor<?x16xf32>
}
//--- ok.mlir
func.func @main(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.copy ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
