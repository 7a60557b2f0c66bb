// RUN: ks-opt %s --ks-memref-copy-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @copy_into_view
// CHECK:         %[[V:.*]] = memref.subview %[[DST:.*]][0, 3] [2, 5] [1, 1]
// CHECK:         linalg.copy ins(%{{.*}} : memref<2x5xf32>) outs(%[[V]] : memref<2x5xf32, strided<[8, 1], offset: 3>>)
// CHECK-NOT:     memref.copy
func.func @copy_into_view(%src: memref<2x5xf32>, %dst: memref<2x8xf32>) {
  %v = memref.subview %dst[0, 3] [2, 5] [1, 1] : memref<2x8xf32> to memref<2x5xf32, strided<[8, 1], offset: 3>>
  memref.copy %src, %v : memref<2x5xf32> to memref<2x5xf32, strided<[8, 1], offset: 3>>
  return
}

// A copy already inside a kernel is device code and stays.
// CHECK-LABEL: func.func @inside_kernel
// CHECK:         gpu.launch
// CHECK:           memref.copy
func.func @inside_kernel(%src: memref<4xf32>, %dst: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    memref.copy %src, %dst : memref<4xf32> to memref<4xf32>
    gpu.terminator
  }
  return
}
