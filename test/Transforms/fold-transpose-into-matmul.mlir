// RUN: ks-opt %s --ks-fold-transpose-into-matmul --canonicalize --split-input-file | FileCheck %s
// nn.Linear as Torch-MLIR writes it (x @ transpose(W)) and x.T @ y: the
// GEMM reads the untransposed operand through swapped indices and the
// transpose is gone; a transpose with another use stays.
// Numerics (the GEMM kernels on such a contraction, emulated against the
// CPU reference): test/Skills/matmul_tf32x3_mma.mlir (LINEAR).

// CHECK: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[WT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: func.func @linear
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[WT]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8x32xf32>, tensor<16x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.matmul
// CHECK: // -----
func.func @linear(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%e : tensor<32x16xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// CHECK: #[[AT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #[[C2:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: func.func @transposed_lhs
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[AT]], #[[B]], #[[C2]]], {{.*}} ins(%arg0, %arg1 : tensor<32x8xf32>, tensor<32x16xf32>)
func.func @transposed_lhs(%a: tensor<32x8xf32>, %b: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %at = linalg.transpose ins(%a : tensor<32x8xf32>) outs(%e : tensor<8x32xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%at, %b : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// The transposed weight is also returned: it is computed anyway, the
// matmul keeps reading it.
// CHECK: func.func @shared_transpose
// CHECK: linalg.transpose
// CHECK: linalg.matmul
func.func @shared_transpose(%x: tensor<8x32xf32>, %w: tensor<16x32xf32>) -> (tensor<8x16xf32>, tensor<32x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%e : tensor<32x16xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y, %wt : tensor<8x16xf32>, tensor<32x16xf32>
}
