// ks-results-in-place: a result returned through a reshape (or a chain of
// reshapes) of an allocation (a pooling's [N, C, 1, W] output returned as
// [N, C, W]) is computed in the out-parameter seen through the inverse
// reshape, and the copy into it goes. Kept: an allocation read after the
// copy, and an out-parameter that something else also uses.
// RUN: ks-opt %s --ks-results-in-place --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @collapsed_result
// CHECK-SAME: (%[[X:.*]]: memref<2x4x8xf32>, %[[OUT:.*]]: memref<2x4x8xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[V:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0], [1, 2], [3]] output_shape [2, 4, 1, 8] : memref<2x4x8xf32> into memref<2x4x1x8xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[V]] : memref<2x4x1x8xf32>)
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @collapsed_result(%x: memref<2x4x8xf32>, %out: memref<2x4x8xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x4x1x8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x4x1x8xf32>)
  %c = memref.collapse_shape %a [[0], [1, 2], [3]] : memref<2x4x1x8xf32> into memref<2x4x8xf32>
  memref.copy %c, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
  memref.dealloc %a : memref<2x4x1x8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @read_after_copy
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @read_after_copy(%x: memref<2x4x8xf32>, %out: memref<2x4x8xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x4x1x8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x4x1x8xf32>)
  %c = memref.collapse_shape %a [[0], [1, 2], [3]] : memref<2x4x1x8xf32> into memref<2x4x8xf32>
  memref.copy %c, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
  %x4 = memref.expand_shape %x [[0], [1, 2], [3]] output_shape [2, 4, 1, 8] : memref<2x4x8xf32> into memref<2x4x1x8xf32>
  memref.copy %a, %x4 : memref<2x4x1x8xf32> to memref<2x4x1x8xf32>
  memref.dealloc %a : memref<2x4x1x8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @out_param_used_twice
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @out_param_used_twice(%x: memref<2x4x8xf32>, %out: memref<2x4x8xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x4x1x8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x4x1x8xf32>)
  memref.copy %x, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
  %c = memref.collapse_shape %a [[0], [1, 2], [3]] : memref<2x4x1x8xf32> into memref<2x4x8xf32>
  memref.copy %c, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
  memref.dealloc %a : memref<2x4x1x8xf32>
  return
}

// -----

// A chain of reshapes (instance norm's [1, 8, 4, 4] result collapsed to
// [8, 4, 4] and expanded to [2, 4, 4, 4]): the out-parameter through both
// inverses, collapsed then expanded back.
// CHECK-LABEL: func.func @reshape_chain
// CHECK-SAME: (%{{.*}}: memref<2x4x4x4xf32>, %[[OUT:.*]]: memref<2x4x4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[C:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1], [2], [3]] : memref<2x4x4x4xf32> into memref<8x4x4xf32>
// CHECK: %[[V:.*]] = memref.expand_shape %[[C]] {{\[\[}}0, 1], [2], [3]] output_shape [1, 8, 4, 4] : memref<8x4x4xf32> into memref<1x8x4x4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[V]] : memref<1x8x4x4xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
func.func @reshape_chain(%x: memref<2x4x4x4xf32>, %out: memref<2x4x4x4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1x8x4x4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<1x8x4x4xf32>)
  %c = memref.collapse_shape %a [[0, 1], [2], [3]] : memref<1x8x4x4xf32> into memref<8x4x4xf32>
  %e = memref.expand_shape %c [[0, 1], [2], [3]] output_shape [2, 4, 4, 4] : memref<8x4x4xf32> into memref<2x4x4x4xf32>
  memref.copy %e, %out : memref<2x4x4x4xf32> to memref<2x4x4x4xf32>
  memref.dealloc %a : memref<1x8x4x4xf32>
  return
}
