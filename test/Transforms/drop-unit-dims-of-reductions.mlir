// RUN: ks-opt %s --ks-drop-unit-dims-of-reductions --split-input-file | FileCheck %s

// A keepdim row sum over [4, 1, 16]: one parallel and one reduction loop,
// the input and output collapsed, the result expanded back.
// CHECK-LABEL: func.func @keepdim_row_sum
// CHECK-SAME: (%[[X:.*]]: tensor<4x1x16xf32>)
// CHECK-DAG: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<4x1x16xf32> into tensor<4x16xf32>
// CHECK: %[[S:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[XC]] : tensor<4x16xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: tensor.expand_shape %[[S]] {{\[\[}}0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @keepdim_row_sum(%x: tensor<4x1x16xf32>) -> tensor<4x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x1x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x1x1xf32>) -> tensor<4x1x1xf32>
  %s = linalg.generic {indexing_maps = [#in, #out],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x1x16xf32>) outs(%init : tensor<4x1x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x1x1xf32>
  return %s : tensor<4x1x1xf32>
}

// -----

// An argmax-style reduction with two results and linalg.index on the
// reduction loop: the index now counts the second of two loops.
// CHECK-LABEL: func.func @keepdim_argmax
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: linalg.index 1 : index
// CHECK: -> (tensor<8xf32>, tensor<8xi64>)
#in2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @keepdim_argmax(%x: tensor<8x1x32xf32>, %v: tensor<8x1xf32>, %i: tensor<8x1xi64>)
    -> (tensor<8x1xf32>, tensor<8x1xi64>) {
  %r:2 = linalg.generic {indexing_maps = [#in2, #out2, #out2],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<8x1x32xf32>) outs(%v, %i : tensor<8x1xf32>, tensor<8x1xi64>) {
  ^bb0(%a: f32, %m: f32, %k: i64):
    %idx = linalg.index 2 : index
    %idx64 = arith.index_cast %idx : index to i64
    %gt = arith.cmpf ogt, %a, %m : f32
    %nm = arith.select %gt, %a, %m : f32
    %nk = arith.select %gt, %idx64, %k : i64
    linalg.yield %nm, %nk : f32, i64
  } -> (tensor<8x1xf32>, tensor<8x1xi64>)
  return %r#0, %r#1 : tensor<8x1xf32>, tensor<8x1xi64>
}

// -----

// Left alone: an elementwise generic with a unit dim, and a named matmul
// (M = 2: not a vector product).
// CHECK-LABEL: func.func @not_reductions
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<1x16xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x16xf32>, tensor<16x8xf32>)
// CHECK-NOT: tensor.collapse_shape
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_reductions(%x: tensor<1x16xf32>, %y: tensor<2x16xf32>, %w: tensor<16x8xf32>, %c: tensor<2x8xf32>) -> (tensor<1x16xf32>, tensor<2x8xf32>) {
  %e = tensor.empty() : tensor<1x16xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x16xf32>) outs(%e : tensor<1x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<1x16xf32>
  %m = linalg.matmul ins(%y, %w : tensor<2x16xf32>, tensor<16x8xf32>) outs(%c : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %n, %m : tensor<1x16xf32>, tensor<2x8xf32>
}

// -----

// A matrix-vector product written as a matmul with N = 1 is generalized and
// becomes a row reduction of A against the vector.
// CHECK-LABEL: func.func @matvec
// CHECK-SAME: (%[[A:.*]]: tensor<8x32xf32>, %[[X:.*]]: tensor<32x1xf32>, %[[Y:.*]]: tensor<8x1xf32>)
// CHECK-NOT: linalg.matmul
// CHECK-DAG: %[[XV:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1]] : tensor<32x1xf32> into tensor<32xf32>
// CHECK-DAG: %[[YV:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1]] : tensor<8x1xf32> into tensor<8xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[XV]] : tensor<8x32xf32>, tensor<32xf32>) outs(%[[YV]] : tensor<8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
func.func @matvec(%a: tensor<8x32xf32>, %x: tensor<32x1xf32>, %y: tensor<8x1xf32>) -> tensor<8x1xf32> {
  %r = linalg.matmul ins(%a, %x : tensor<8x32xf32>, tensor<32x1xf32>) outs(%y : tensor<8x1xf32>) -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// -----

// A batch of matrix-vector products (torch.bmm with a [B, K, 1] operand):
// generalized, the N loop dropped; the batch and M loops stay, one row of A
// against its batch's vector.
// CHECK-LABEL: func.func @batched_matvec
// CHECK-SAME: (%[[A:.*]]: tensor<4x8x32xf32>, %[[X:.*]]: tensor<4x32x1xf32>, %[[Y:.*]]: tensor<4x8x1xf32>)
// CHECK-NOT: linalg.batch_matmul
// CHECK-DAG: %[[XV:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1, 2]] : tensor<4x32x1xf32> into tensor<4x32xf32>
// CHECK-DAG: %[[YV:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0], [1, 2]] : tensor<4x8x1xf32> into tensor<4x8xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[XV]] : tensor<4x8x32xf32>, tensor<4x32xf32>) outs(%[[YV]] : tensor<4x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0], [1, 2]] output_shape [4, 8, 1] : tensor<4x8xf32> into tensor<4x8x1xf32>
func.func @batched_matvec(%a: tensor<4x8x32xf32>, %x: tensor<4x32x1xf32>, %y: tensor<4x8x1xf32>) -> tensor<4x8x1xf32> {
  %r = linalg.batch_matmul ins(%a, %x : tensor<4x8x32xf32>, tensor<4x32x1xf32>) outs(%y : tensor<4x8x1xf32>) -> tensor<4x8x1xf32>
  return %r : tensor<4x8x1xf32>
}

// -----

// A batch of full products (N = 8) is left alone.
// CHECK-LABEL: func.func @batched_matmul
// CHECK: linalg.batch_matmul
// CHECK-NOT: tensor.collapse_shape
func.func @batched_matmul(%a: tensor<4x8x32xf32>, %x: tensor<4x32x8xf32>, %y: tensor<4x8x8xf32>) -> tensor<4x8x8xf32> {
  %r = linalg.batch_matmul ins(%a, %x : tensor<4x8x32xf32>, tensor<4x32x8xf32>) outs(%y : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  return %r : tensor<4x8x8xf32>
}
