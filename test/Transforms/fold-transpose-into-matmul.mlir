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

// -----

// LeNet's fc1 after flatten: the [120, 400] weight expanded to
// [120, 16, 5, 5], permuted to [16, 5, 5, 120] and collapsed to [400, 120]
// is W^T in disguise (the permutation moves the expand's groups whole onto
// the collapse's): the contraction reads W itself, K along its rows.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[W:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: func.func @block_transposed_weight
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[W]], #[[Y]]], {{.*}} ins(%arg0, %arg1 : tensor<4x400xf32>, tensor<120x400xf32>)
#bx = affine_map<(d0, d1, d2) -> (d0, d2)>
#bw = affine_map<(d0, d1, d2) -> (d2, d1)>
#by = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @block_transposed_weight(%x: tensor<4x400xf32>, %w: tensor<120x400xf32>) -> tensor<4x120xf32> {
  %zero = arith.constant 0.0 : f32
  %we = tensor.expand_shape %w [[0], [1, 2, 3]] output_shape [120, 16, 5, 5] : tensor<120x400xf32> into tensor<120x16x5x5xf32>
  %e = tensor.empty() : tensor<16x5x5x120xf32>
  %t = linalg.transpose ins(%we : tensor<120x16x5x5xf32>) outs(%e : tensor<16x5x5x120xf32>) permutation = [1, 2, 3, 0]
  %wt = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<16x5x5x120xf32> into tensor<400x120xf32>
  %o = tensor.empty() : tensor<4x120xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<4x120xf32>) -> tensor<4x120xf32>
  %y = linalg.generic {indexing_maps = [#bx, #bw, #by], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<4x400xf32>, tensor<400x120xf32>) outs(%f : tensor<4x120xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x120xf32>
  return %y : tensor<4x120xf32>
}

// -----

// A permutation that splits the expand's group [16, 5, 5] (here [5, 16, 5])
// is no 2-d transpose: it stays.
// CHECK: func.func @split_group
// CHECK: linalg.transpose
#bx = affine_map<(d0, d1, d2) -> (d0, d2)>
#bw = affine_map<(d0, d1, d2) -> (d2, d1)>
#by = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @split_group(%x: tensor<4x400xf32>, %w: tensor<120x400xf32>) -> tensor<4x120xf32> {
  %zero = arith.constant 0.0 : f32
  %we = tensor.expand_shape %w [[0], [1, 2, 3]] output_shape [120, 16, 5, 5] : tensor<120x400xf32> into tensor<120x16x5x5xf32>
  %e = tensor.empty() : tensor<5x16x5x120xf32>
  %t = linalg.transpose ins(%we : tensor<120x16x5x5xf32>) outs(%e : tensor<5x16x5x120xf32>) permutation = [2, 1, 3, 0]
  %wt = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<5x16x5x120xf32> into tensor<400x120xf32>
  %o = tensor.empty() : tensor<4x120xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<4x120xf32>) -> tensor<4x120xf32>
  %y = linalg.generic {indexing_maps = [#bx, #bw, #by], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<4x400xf32>, tensor<400x120xf32>) outs(%f : tensor<4x120xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x120xf32>
  return %y : tensor<4x120xf32>
}

// -----

// A linear layer whose matmul elementwise fusion has already turned into a
// generic (its input a 3-d activation read through an expanded map): the
// generic reads W itself. A 3-d transpose feeding a batched contraction
// folds the same way, its permutation undone in the operand's map.
// CHECK-DAG: #[[X3:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[W3:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[Y3:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK: func.func @generic_linear
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[X3]], #[[W3]], #[[Y3]]], {{.*}} ins(%arg0, %arg1 : tensor<2x8x32xf32>, tensor<16x32xf32>)
#gx = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#gw = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#gy = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @generic_linear(%x: tensor<2x8x32xf32>, %w: tensor<16x32xf32>) -> tensor<2x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%e : tensor<32x16xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  %y = linalg.generic {indexing_maps = [#gx, #gw, #gy], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<2x8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<2x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x16xf32>
  return %y : tensor<2x8x16xf32>
}

// -----

// CHECK-DAG: #[[BA:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[BC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK: func.func @batched_transposed_rhs
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[BA]], #[[BT]], #[[BC]]], {{.*}} ins(%arg0, %arg1 : tensor<4x8x32xf32>, tensor<4x16x32xf32>)
func.func @batched_transposed_rhs(%a: tensor<4x8x32xf32>, %b: tensor<4x16x32xf32>) -> tensor<4x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x32x16xf32>
  %bt = linalg.transpose ins(%b : tensor<4x16x32xf32>) outs(%e : tensor<4x32x16xf32>) permutation = [0, 2, 1]
  %o = tensor.empty() : tensor<4x8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %y = linalg.batch_matmul ins(%a, %bt : tensor<4x8x32xf32>, tensor<4x32x16xf32>) outs(%f : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %y : tensor<4x8x16xf32>
}

// -----

// A bf16 linear layer with f32 sums, as a generic, keeps its transposed
// weight, as the named matmul does (the 16-bit wgmma skill reads B as
// [K, N]).
// CHECK: func.func @generic_linear_bf16
// CHECK: linalg.transpose
// CHECK: linalg.generic {{.*}} ins(%arg0, %{{.*}} : tensor<2x8x32xbf16>, tensor<32x16xbf16>)
#hx = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#hw = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#hy = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @generic_linear_bf16(%x: tensor<2x8x32xbf16>, %w: tensor<16x32xbf16>) -> tensor<2x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xbf16>
  %wt = linalg.transpose ins(%w : tensor<16x32xbf16>) outs(%e : tensor<32x16xbf16>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  %y = linalg.generic {indexing_maps = [#hx, #hw, #hy], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<2x8x32xbf16>, tensor<32x16xbf16>) outs(%f : tensor<2x8x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x16xf32>
  return %y : tensor<2x8x16xf32>
}
