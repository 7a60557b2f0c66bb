// RUN: ks-opt %s --ks-collapse-reduction-dims --split-input-file | FileCheck %s

// Global average pooling's sum: [2, 3] rows of a [4, 4] window become 6 rows
// of 16.
// CHECK-LABEL: func.func @pool_sum
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4x4xf32>, %[[INIT:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2, 3]] : tensor<2x3x4x4xf32> into tensor<6x16xf32>
// CHECK-DAG: %[[IC:.*]] = tensor.collapse_shape %[[INIT]] {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[S:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[XC]] : tensor<6x16xf32>) outs(%[[IC]] : tensor<6xf32>)
// CHECK: tensor.expand_shape %[[S]] {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
#in = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @pool_sum(%x: tensor<2x3x4x4xf32>, %init: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = linalg.generic {indexing_maps = [#in, #out],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<2x3x4x4xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// A sum over the middle dimension: no two adjacent loops of one kind, left
// alone.
// CHECK-LABEL: func.func @middle_sum
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel"]
#in2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out2 = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @middle_sum(%x: tensor<4x8x16xf32>, %init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %s = linalg.generic {indexing_maps = [#in2, #out2],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x8x16xf32>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

// -----

// The rows are read transposed (d1, d0): the parallel loops are not one run
// in that operand, so they stay apart; the output's rows would be
// contiguous, the input's not.
// CHECK-LABEL: func.func @transposed_rows
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "parallel", "reduction"]
#in3 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#out3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @transposed_rows(%x: tensor<8x4x16xf32>, %init: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = linalg.generic {indexing_maps = [#in3, #out3],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<8x4x16xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// Loops whose index the payload reads stay apart: a reversed scan (rows
// 4, k 8, j 8, its input read by index at [row, 7 - j]) is not made a
// reduction over 32 rows whose row and position come back as a division
// and a remainder.
// CHECK-LABEL: func.func @indexed_rows
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.remsi
// CHECK: -> tensor<4x8xf32>
func.func @indexed_rows(%x: tensor<4x8xf32>, %sized: tensor<8xi64>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %last = arith.constant 7 : index
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sized : tensor<8xi64>) outs(%f : tensor<4x8xf32>) {
  ^bb0(%unused: i64, %acc: f32):
    %row = linalg.index 0 : index
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %back = arith.subi %last, %j : index
    %v = tensor.extract %x[%row, %back] : tensor<4x8xf32>
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %zero : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
