// RUN: ks-opt %s --ks-sum-before-matmul --canonicalize --split-input-file | FileCheck %s
// Numerics against PyTorch: level2/08_matmul_sum in
// test/Frontend/problems-cpu-check.test.

// sum(x @ W.T + b, dim=1) as it reaches the pass (the transpose folded into
// the contraction's maps, the bias add fused into the sum): W's rows summed
// (w[k] = sum_n W[n, k]), the bias summed alone onto the sum's zeros, then
// x @ w onto that.
// CHECK-DAG:   #[[KN:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @sum_of_linear
// CHECK-SAME:  (%[[W:.*]]: tensor<6x16xf32>, %[[B:.*]]: tensor<6xf32>, %[[X:.*]]: tensor<4x16xf32>)
// CHECK-NOT:   linalg.matmul
// CHECK:       %[[WSUM:.*]] = linalg.generic {indexing_maps = [#[[KN]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[W]] : tensor<6x16xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK:         arith.addf
// CHECK:       %[[BSUM:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[B]] : tensor<6xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:       %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[WSUM]] : tensor<4x16xf32>, tensor<16xf32>) outs(%[[BSUM]] : tensor<4xf32>)
// CHECK:         %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK:         arith.addf %{{.*}}, %[[P]] : f32
// CHECK:       return %[[R]]
#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
func.func @sum_of_linear(%w: tensor<6x16xf32>, %b: tensor<6xf32>, %x: tensor<4x16xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %mm = linalg.generic {indexing_maps = [#a, #bt, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<4x16xf32>, tensor<6x16xf32>) outs(%z : tensor<4x6xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %p = arith.mulf %in, %in_0 : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm, %b : tensor<4x6xf32>, tensor<6xf32>) outs(%z2 : tensor<4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %t = arith.addf %in, %in_0 : f32
    %s = arith.addf %t, %out : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Sums down the columns of A @ B (linalg.matmul, the product summed alone):
// A's columns summed (a[k] = sum_m A[m, k]), then a @ B onto the sum's init;
// the factors keep the matmul's order.
// CHECK-DAG:   #[[KM:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_sums
// CHECK-SAME:  (%[[A:.*]]: tensor<8x5xf32>, %[[B:.*]]: tensor<5x3xf32>, %[[INIT:.*]]: tensor<3xf32>)
// CHECK-NOT:   linalg.matmul
// CHECK:       %[[ASUM:.*]] = linalg.generic {indexing_maps = [#[[KM]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<8x5xf32>) outs(%{{.*}} : tensor<5xf32>)
// CHECK:       %[[R:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[KM]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[ASUM]], %[[B]] : tensor<5xf32>, tensor<5x3xf32>) outs(%[[INIT]] : tensor<3xf32>)
// CHECK:       return %[[R]]
#t = affine_map<(j, i) -> (i, j)>
#first = affine_map<(j, i) -> (j)>
func.func @column_sums(%a: tensor<8x5xf32>, %b: tensor<5x3xf32>, %init: tensor<3xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x3xf32>) -> tensor<8x3xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x5xf32>, tensor<5x3xf32>) outs(%z : tensor<8x3xf32>) -> tensor<8x3xf32>
  %r = linalg.generic {indexing_maps = [#t, #first], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<8x3xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// Left alone: the product is also returned, the matmul starts from a
// non-zero init, the reduction is a max, the product is scaled before it is
// summed.
// CHECK-LABEL: func.func @product_used_twice
// CHECK:       linalg.matmul
// CHECK-LABEL: func.func @nonzero_init
// CHECK:       linalg.matmul
// CHECK-LABEL: func.func @max_of_product
// CHECK:       linalg.matmul
// CHECK-LABEL: func.func @scaled_product
// CHECK:       linalg.matmul
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @product_used_twice(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %init: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<4x3xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r, %mm : tensor<4xf32>, tensor<4x3xf32>
}
func.func @nonzero_init(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %c: tensor<4x3xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %mm = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<4x3xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @max_of_product(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<4x3xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.maximumf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @scaled_product(%a: tensor<4x5xf32>, %b: tensor<5x3xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x5xf32>, tensor<5x3xf32>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<4x3xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %two : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
