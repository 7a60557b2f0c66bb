// RUN: ks-opt %s --ks-fold-diagonal-matmul --canonicalize --split-input-file | FileCheck %s
// As in the dispatch pipeline, after ks-fuse-elementwise (which must leave
// the iota for this pattern to find):
// RUN: ks-opt %s --ks-fuse-elementwise --ks-fold-diagonal-matmul --canonicalize --split-input-file | FileCheck %s --check-prefix=FUSED
// FUSED-LABEL: func.func @diag_times_dense
// FUSED-NOT:   linalg.matmul
// FUSED:       return
// Numerics against PyTorch: level1/09_diag_matmul in
// test/Frontend/problems-cpu-check.test.

// torch.diag(a) @ B as Torch-MLIR lowers it (an iota, compared with its
// transpose, selecting a[j] on the diagonal, 0 elsewhere) becomes
// C[i, j] = 0 + a[i] * B[i, j]: no diagonal matrix, no matmul.
#iota = affine_map<(d0) -> (d0)>
#cols = affine_map<(d0, d1) -> (d1)>
#rows = affine_map<(d0, d1) -> (d0, 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row0 = affine_map<(d0, d1) -> (0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
// CHECK-DAG:   #[[VEC:.*]] = affine_map<(d0, d1) -> (0, d0)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @diag_times_dense
// CHECK-SAME:  (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8x6xf32>)
// CHECK:       %[[AROW:.*]] = tensor.expand_shape %[[A]]
// CHECK:       %[[ZERO:.*]] = linalg.fill
// CHECK:       linalg.generic {indexing_maps = [#[[VEC]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[AROW]], %[[B]] : tensor<1x8xf32>, tensor<8x6xf32>) outs(%[[ZERO]] : tensor<8x6xf32>)
// CHECK:         %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK:         arith.addf %{{.*}}, %[[P]] : f32
// CHECK-NOT:   linalg.matmul
// CHECK-NOT:   arith.select
func.func @diag_times_dense(%a: tensor<8xf32>, %b: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %zero = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<f32>
  %arow = tensor.expand_shape %a [[0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
  %e = tensor.empty() : tensor<8xi64>
  %iota = linalg.generic {indexing_maps = [#iota], iterator_types = ["parallel"]} outs(%e : tensor<8xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<8xi64>
  %icol = tensor.expand_shape %iota [[0, 1]] output_shape [8, 1] : tensor<8xi64> into tensor<8x1xi64>
  %m = tensor.empty() : tensor<8x8xf32>
  %d = linalg.generic {indexing_maps = [#cols, #rows, #row0, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%iota, %icol, %arow, %zeros : tensor<8xi64>, tensor<8x1xi64>, tensor<1x8xf32>, tensor<f32>) outs(%m : tensor<8x8xf32>) {
  ^bb0(%j: i64, %i: i64, %v: f32, %z: f32, %o: f32):
    %eq = arith.cmpi eq, %j, %i : i64
    %s = arith.select %eq, %v, %z : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %ce = tensor.empty() : tensor<8x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ce : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r = linalg.matmul ins(%d, %b : tensor<8x8xf32>, tensor<8x6xf32>) outs(%acc : tensor<8x6xf32>) -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

// -----

// A @ diag(v), the diagonal built from linalg.index directly: a column
// scaling, C[i, j] = C0[i, j] + A[i, j] * v[j] (the init kept).
#id = affine_map<(d0, d1) -> (d0, d1)>
#first = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @dense_times_diag
// CHECK-SAME:  (%[[A:.*]]: tensor<5x8xf32>, %[[V:.*]]: tensor<8xf32>, %[[C:.*]]: tensor<5x8xf32>)
// CHECK:       linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[V]] : tensor<5x8xf32>, tensor<8xf32>) outs(%[[C]] : tensor<5x8xf32>)
// CHECK-NOT:   linalg.matmul
func.func @dense_times_diag(%a: tensor<5x8xf32>, %v: tensor<8xf32>, %c: tensor<5x8xf32>) -> tensor<5x8xf32> {
  %zero = arith.constant 0.0 : f32
  %m = tensor.empty() : tensor<8x8xf32>
  %d = linalg.generic {indexing_maps = [#first, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<8xf32>) outs(%m : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %eq = arith.cmpi eq, %i, %j : index
    %s = arith.select %eq, %x, %zero : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %r = linalg.matmul ins(%a, %d : tensor<5x8xf32>, tensor<8x8xf32>) outs(%c : tensor<5x8xf32>) -> tensor<5x8xf32>
  return %r : tensor<5x8xf32>
}

// -----

// Not diagonals, left alone: the superdiagonal (i == j + 1), and a select
// whose other value is 1.0.
#id = affine_map<(d0, d1) -> (d0, d1)>
#first = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @not_diagonal
// CHECK:       arith.select
// CHECK:       linalg.matmul
// CHECK:       arith.select
// CHECK:       linalg.matmul
func.func @not_diagonal(%a: tensor<5x8xf32>, %v: tensor<8xf32>, %c: tensor<5x8xf32>) -> (tensor<5x8xf32>, tensor<5x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %m = tensor.empty() : tensor<8x8xf32>
  %super = linalg.generic {indexing_maps = [#first, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<8xf32>) outs(%m : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j1 = arith.addi %j, %c1 : index
    %eq = arith.cmpi eq, %i, %j1 : index
    %s = arith.select %eq, %x, %zero : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %r1 = linalg.matmul ins(%a, %super : tensor<5x8xf32>, tensor<8x8xf32>) outs(%c : tensor<5x8xf32>) -> tensor<5x8xf32>
  %ones = linalg.generic {indexing_maps = [#first, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<8xf32>) outs(%m : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %eq = arith.cmpi eq, %i, %j : index
    %s = arith.select %eq, %x, %one : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %r2 = linalg.matmul ins(%a, %ones : tensor<5x8xf32>, tensor<8x8xf32>) outs(%c : tensor<5x8xf32>) -> tensor<5x8xf32>
  return %r1, %r2 : tensor<5x8xf32>, tensor<5x8xf32>
}
