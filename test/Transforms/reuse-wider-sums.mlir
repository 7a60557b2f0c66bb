// RUN: ks-opt %s --ks-reuse-wider-sums | FileCheck %s
// The whole pipeline, its kernels emulated on the CPU, against the CPU
// reference of the program as written.
// RUN: ks-run %s --entry=group_sums --emulate-gpu --seed=11 | FileCheck %s --check-prefix=EMULATED
// EMULATED: output #0 8xf64: match
// EMULATED: output #1 8xf32: match

// Group norm's statistics as Torch-MLIR writes them: the sum of each
// group in f64 (for the variance's mean) and again in f32 (for the shift),
// each from its own view of the same input. The f32 sum becomes the f64
// one rounded; its pass over the input goes (its fill is left unused).
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @group_sums
// CHECK:       %[[WIDE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xf64>)
// CHECK:         arith.extf
// CHECK:       %[[ROUNDED:.*]] = linalg.generic {{.*}}iterator_types = ["parallel"]} ins(%[[WIDE]] : tensor<8xf64>) outs(%{{.*}} : tensor<8xf32>)
// CHECK-NEXT:  ^bb0(%[[IN:.*]]: f64, %{{.*}}: f32):
// CHECK-NEXT:    %[[F:.*]] = arith.truncf %[[IN]] : f64 to f32
// CHECK-NEXT:    linalg.yield %[[F]]
// CHECK-NOT:   tensor<8x1024xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK:       return %[[WIDE]], %[[ROUNDED]]
func.func @group_sums(%x: tensor<8x4x256xf32>) -> (tensor<8xf64>, tensor<8xf32>) {
  %z64 = arith.constant 0.0 : f64
  %z32 = arith.constant 0.0 : f32
  %a = tensor.collapse_shape %x [[0], [1, 2]] : tensor<8x4x256xf32> into tensor<8x1024xf32>
  %e64 = tensor.empty() : tensor<8xf64>
  %f64 = linalg.fill ins(%z64 : f64) outs(%e64 : tensor<8xf64>) -> tensor<8xf64>
  %wide = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x1024xf32>) outs(%f64 : tensor<8xf64>) {
  ^bb0(%v: f32, %acc: f64):
    %e = arith.extf %v : f32 to f64
    %s = arith.addf %e, %acc : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %b = tensor.collapse_shape %x [[0], [1, 2]] : tensor<8x4x256xf32> into tensor<8x1024xf32>
  %e32 = tensor.empty() : tensor<8xf32>
  %f32 = linalg.fill ins(%z32 : f32) outs(%e32 : tensor<8xf32>) -> tensor<8xf32>
  %narrow = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : tensor<8x1024xf32>) outs(%f32 : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %wide, %narrow : tensor<8xf64>, tensor<8xf32>
}

// Left alone: an f32 sum of another tensor, one that starts from 1.0, and
// one of the squares (not the same sum).
// CHECK-LABEL: func.func @not_the_same_sum
// CHECK-NOT:   arith.truncf
// CHECK:       return
func.func @not_the_same_sum(%x: tensor<8x1024xf32>, %y: tensor<8x1024xf32>) -> (tensor<8xf64>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %z64 = arith.constant 0.0 : f64
  %z32 = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e64 = tensor.empty() : tensor<8xf64>
  %f64 = linalg.fill ins(%z64 : f64) outs(%e64 : tensor<8xf64>) -> tensor<8xf64>
  %wide = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%f64 : tensor<8xf64>) {
  ^bb0(%v: f32, %acc: f64):
    %e = arith.extf %v : f32 to f64
    %s = arith.addf %e, %acc : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %e32 = tensor.empty() : tensor<8xf32>
  %f32 = linalg.fill ins(%z32 : f32) outs(%e32 : tensor<8xf32>) -> tensor<8xf32>
  %other = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x1024xf32>) outs(%f32 : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %f1 = linalg.fill ins(%one : f32) outs(%e32 : tensor<8xf32>) -> tensor<8xf32>
  %from_one = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%f1 : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %squares = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%f32 : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %q = arith.mulf %v, %v : f32
    %s = arith.addf %q, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %wide, %other, %from_one, %squares : tensor<8xf64>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
