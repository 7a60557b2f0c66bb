// RUN: ks-opt %s --ks-fold-index-tables | FileCheck %s
// The gather computes its indices on the GPU (emulated) as the CPU
// reference reads them from the tables: the same values.
// RUN: ks-run %s --emulate-gpu --seed=71 | FileCheck %s --check-prefix=EMULATED

// A gather of w[n, c floordiv 2] over [n, c] = [2, 4], as Torch-MLIR
// writes group norm's weight: one table holds n, one c floordiv 2, one c
// mod 2 (unused by the gather but read), and one is all 3. Each becomes an
// expression of the loop indices; the tables are no longer operands. The
// last, [3, 1, 2, 0, ...], fits no form and stays.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> ((d0 + d1 floordiv 4) mod 2)>
// CHECK-DAG: #[[HALF:.*]] = affine_map<(d0, d1) -> ((d1 floordiv 2) mod 2)>
// CHECK-DAG: #[[ODD:.*]] = affine_map<(d0, d1) -> (d1 mod 2)>
// CHECK-LABEL: func.func @main
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<2x4xi64>)
// CHECK: ^bb0(%[[SHUFFLED:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG: affine.apply #[[ODD]](%{{.*}}, %{{.*}})
// CHECK-DAG: affine.apply #[[HALF]](%{{.*}}, %{{.*}})
// CHECK-DAG: affine.apply #[[ROW]](%{{.*}}, %{{.*}})
// CHECK: tensor.extract
// CHECK: arith.addi %{{.*}}, %c3_i64
// CHECK: arith.addi %{{.*}}, %[[SHUFFLED]]
func.func @main(%w: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %rows = arith.constant dense<[[0, 0, 0, 0], [1, 1, 1, 1]]> : tensor<2x4xi64>
  %halves = arith.constant dense<[[0, 0, 1, 1], [0, 0, 1, 1]]> : tensor<2x4xi64>
  %odd = arith.constant dense<[[0, 1, 0, 1], [0, 1, 0, 1]]> : tensor<2x4xi64>
  %threes = arith.constant dense<3> : tensor<2x4xi64>
  %shuffled = arith.constant dense<[[3, 1, 2, 0], [0, 2, 1, 3]]> : tensor<2x4xi64>
  %e = tensor.empty() : tensor<2x4xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%rows, %halves, %odd, %threes, %shuffled
          : tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>)
      outs(%e : tensor<2x4xf32>) {
  ^bb0(%n: i64, %h: i64, %o: i64, %t: i64, %s: i64, %out: f32):
    %ni = arith.index_cast %n : i64 to index
    %hi = arith.index_cast %h : i64 to index
    %v = tensor.extract %w[%ni, %hi] : tensor<2x2xf32>
    // Uses of the other tables, so that they are read: o + 3 + s, as f32.
    %sum = arith.addi %o, %t : i64
    %all = arith.addi %sum, %s : i64
    %f = arith.sitofp %all : i64 to f32
    %r = arith.addf %v, %f : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

// EMULATED: output #0 2x4xf32: match
