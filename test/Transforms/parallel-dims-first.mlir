// RUN: ks-opt %s --ks-parallel-dims-first | FileCheck %s

// A sum over dim 0, as Torch-MLIR emits it: the reduction comes first.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[SECOND:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sum_dim0
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
func.func @sum_dim0(%a: tensor<8x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// A named op whose loops start with a reduction is generalized first; the
// linalg.index of a reordered dim follows its dim.
// CHECK-LABEL: func.func @reduce_named
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
func.func @reduce_named(%a: tensor<4x8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<4x8x16xf32>) outs(%init : tensor<8xf32>) dimensions = [0, 2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @index_follows
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           %[[I0:.*]] = linalg.index 0 : index
// CHECK:           %[[I1:.*]] = linalg.index 1 : index
// CHECK:           %[[OLD0:.*]] = affine.apply #[[SECOND]](%[[I0]], %[[I1]])
// CHECK:           arith.index_cast %[[OLD0]]
func.func @index_follows(%a: tensor<8x16xf32>, %init: tensor<16xi64>) -> tensor<16xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%init : tensor<16xi64>) {
  ^bb0(%in: f32, %out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %m = arith.maxsi %c, %out : i64
    linalg.yield %m : i64
  } -> tensor<16xi64>
  return %r : tensor<16xi64>
}

// Ops already in order are left alone, named ones stay named.
// CHECK-LABEL: func.func @matmul_untouched
// CHECK:         linalg.matmul
func.func @matmul_untouched(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
