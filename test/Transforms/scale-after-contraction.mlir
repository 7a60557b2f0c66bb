// RUN: ks-opt %s --ks-scale-after-contraction --canonicalize | FileCheck %s
// RUN: ks-opt %s --ks-scale-after-contraction --canonicalize --ks-fold-transpose-into-matmul | FileCheck %s --check-prefix=FOLD
// The whole GPU path (emulated) against the CPU reference, which keeps the
// scales where they were: the same values to rounding.
// RUN: ks-run %s --emulate-gpu --seed=83 | FileCheck %s --check-prefix=EMULATED

// Attention's scores as Torch-MLIR writes them: q and the transpose of k
// each scaled by 0.5 (d ** -0.25), collapsed to 4 batches, multiplied into
// a zero-filled init, then read by a row maximum. The scales leave the
// operands; the maximum multiplies what it reads by 0.25.
// CHECK: func.func @main(%[[Q:.*]]: tensor<2x2x8x4xf32>, %[[K:.*]]: tensor<2x2x8x4xf32>)
// CHECK: %[[KT:.*]] = linalg.transpose ins(%[[K]]
// CHECK-DAG: %[[QC:.*]] = tensor.collapse_shape %[[Q]]
// CHECK-DAG: %[[KC:.*]] = tensor.collapse_shape %[[KT]]
// CHECK: %[[S:.*]] = linalg.batch_matmul ins(%[[QC]], %[[KC]] :
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[S]]
// CHECK: linalg.generic {{.*}} ins(%[[ROWS]] :
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[IN]], %cst{{.*}} : f32
// CHECK-NEXT: arith.maximumf %[[SCALED]], %[[ACC]]
// CHECK-NOT: linalg.generic
// CHECK: return

// With the scale gone the transpose feeds the product through the
// collapse alone, and the product reads k in place.
// FOLD: #[[KMAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// FOLD: func.func @main(%{{.*}}: tensor<2x2x8x4xf32>, %[[K:.*]]: tensor<2x2x8x4xf32>)
// FOLD-NOT: linalg.transpose
// FOLD: %[[KC:.*]] = tensor.collapse_shape %[[K]] {{\[\[}}0, 1], [2], [3]] : tensor<2x2x8x4xf32> into tensor<4x8x4xf32>
// FOLD: linalg.generic {indexing_maps = [#{{.*}}, #[[KMAP]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %[[KC]] :
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%q: tensor<2x2x8x4xf32>, %k: tensor<2x2x8x4xf32>) -> tensor<32xf32> {
  %half = arith.constant 0.5 : f64
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %eq = tensor.empty() : tensor<2x2x8x4xf32>
  %qs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<2x2x8x4xf32>) outs(%eq : tensor<2x2x8x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.truncf %half : f64 to f32
    %m = arith.mulf %a, %h : f32
    linalg.yield %m : f32
  } -> tensor<2x2x8x4xf32>
  %et = tensor.empty() : tensor<2x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<2x2x8x4xf32>) outs(%et : tensor<2x2x4x8xf32>) permutation = [0, 1, 3, 2]
  %kts = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%kt : tensor<2x2x4x8xf32>) outs(%et : tensor<2x2x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.truncf %half : f64 to f32
    %m = arith.mulf %a, %h : f32
    linalg.yield %m : f32
  } -> tensor<2x2x4x8xf32>
  %qc = tensor.collapse_shape %qs [[0, 1], [2], [3]] : tensor<2x2x8x4xf32> into tensor<4x8x4xf32>
  %kc = tensor.collapse_shape %kts [[0, 1], [2], [3]] : tensor<2x2x4x8xf32> into tensor<4x4x8xf32>
  %es = tensor.empty() : tensor<4x8x8xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<4x8x4xf32>, tensor<4x4x8xf32>) outs(%fs : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %rows2 = tensor.collapse_shape %s [[0, 1], [2]] : tensor<4x8x8xf32> into tensor<32x8xf32>
  %em = tensor.empty() : tensor<32xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<32xf32>) -> tensor<32xf32>
  %max = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%rows2 : tensor<32x8xf32>) outs(%fm : tensor<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<32xf32>
  return %max : tensor<32xf32>
}

// EMULATED: output #0 32xf32: match
