// RUN: ks-opt %s --ks-collapse-transpose-dims --split-input-file | FileCheck %s

// cumsum over dim 0: the unit dim goes, the 2-d transpose of [16384, 40960]
// is left.
// CHECK-LABEL: func.func @unit_dim
// CHECK: %[[IN:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<1x16384x40960xf32> into memref<16384x40960xf32>
// CHECK: %[[OUT:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1], [2]] : memref<40960x1x16384xf32> into memref<40960x16384xf32>
// CHECK: linalg.transpose ins(%[[IN]] : memref<16384x40960xf32>) outs(%[[OUT]] : memref<40960x16384xf32>) permutation = [1, 0] {ks.keep = 1 : i64}
func.func @unit_dim(%x: memref<1x16384x40960xf32>, %y: memref<40960x1x16384xf32>) {
  linalg.transpose ins(%x : memref<1x16384x40960xf32>) outs(%y : memref<40960x1x16384xf32>) permutation = [2, 0, 1] {ks.keep = 1 : i64}
  return
}

// -----

// Channels last: the spatial dims move as one run, a batched transpose of
// the last two dims.
// CHECK-LABEL: func.func @channels_last
// CHECK: %[[IN:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1], [2, 3, 4]] : memref<16x24x96x192x192xf32> into memref<16x24x3538944xf32>
// CHECK: %[[OUT:.*]] = memref.collapse_shape %arg1 {{\[}}[0], [1, 2, 3], [4]] : memref<16x96x192x192x24xf32> into memref<16x3538944x24xf32>
// CHECK: linalg.transpose ins(%[[IN]] : memref<16x24x3538944xf32>) outs(%[[OUT]] : memref<16x3538944x24xf32>) permutation = [0, 2, 1]
func.func @channels_last(%x: memref<16x24x96x192x192xf32>, %y: memref<16x96x192x192x24xf32>) {
  linalg.transpose ins(%x : memref<16x24x96x192x192xf32>) outs(%y : memref<16x96x192x192x24xf32>) permutation = [0, 2, 3, 4, 1]
  return
}

// -----

// A permutation that moves nothing once the unit dim is gone is a copy.
// CHECK-LABEL: func.func @moves_nothing
// CHECK: %[[IN:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1, 2]] : memref<8x1x64xf32> into memref<512xf32>
// CHECK: %[[OUT:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1, 2]] : memref<1x8x64xf32> into memref<512xf32>
// CHECK: linalg.copy ins(%[[IN]] : memref<512xf32>) outs(%[[OUT]] : memref<512xf32>)
// CHECK-NOT: linalg.transpose
func.func @moves_nothing(%x: memref<8x1x64xf32>, %y: memref<1x8x64xf32>) {
  linalg.transpose ins(%x : memref<8x1x64xf32>) outs(%y : memref<1x8x64xf32>) permutation = [1, 0, 2]
  return
}

// -----

// Nothing to merge: a plain 2-d transpose, and a 3-d one whose dims all
// move apart, stay as they are.
// CHECK-LABEL: func.func @nothing_to_merge
// CHECK-NOT: memref.collapse_shape
// CHECK: linalg.transpose ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<8x4xf32>) permutation = [1, 0]
// CHECK: linalg.transpose ins(%arg2 : memref<2x3x4xf32>) outs(%arg3 : memref<4x3x2xf32>) permutation = [2, 1, 0]
func.func @nothing_to_merge(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<2x3x4xf32>, %d: memref<4x3x2xf32>) {
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%b : memref<8x4xf32>) permutation = [1, 0]
  linalg.transpose ins(%c : memref<2x3x4xf32>) outs(%d : memref<4x3x2xf32>) permutation = [2, 1, 0]
  return
}

// -----

// A strided view whose run cannot be seen as one dim: left alone.
// CHECK-LABEL: func.func @not_collapsible
// CHECK-NOT: memref.collapse_shape
// CHECK: linalg.transpose ins(%arg0 : memref<2x4x8xf32, strided<[64, 8, 1]>>) outs(%arg1 : memref<8x2x4xf32>) permutation = [2, 0, 1]
func.func @not_collapsible(%x: memref<2x4x8xf32, strided<[64, 8, 1]>>, %y: memref<8x2x4xf32>) {
  linalg.transpose ins(%x : memref<2x4x8xf32, strided<[64, 8, 1]>>) outs(%y : memref<8x2x4xf32>) permutation = [2, 0, 1]
  return
}
