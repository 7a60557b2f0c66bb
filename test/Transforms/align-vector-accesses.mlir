// transform.ks.align_vector_accesses: 4-wide loads and stores of a function
// argument (or of a row of one) at column offsets provably multiple of 4
// (4 * i + 8, a loop stepping by 4 from 0) are marked 16-byte aligned; at
// i + 1, through a view with an odd offset, or in shared memory, they are
// left alone.
// RUN: ks-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @columns
// CHECK: vector.load %arg0[%arg2, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %arg1[%arg2, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK: vector.load %arg0[%arg2, %{{.*}}] : memref<8x64xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}}[%arg2, %{{.*}}] : memref<8x60xf32, strided<[64, 1], offset: 1>>, vector<4xf32>
// CHECK: vector.load %{{.*}}[%arg2, %{{.*}}] : memref<8x64xf32, 3>, vector<4xf32>
// CHECK: scf.for
// CHECK: vector.load %arg0[%arg2, %{{.*}}] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK-NEXT: vector.store %{{.*}}, %arg1[%arg2, %{{.*}}] : memref<8x64xf32>, vector<4xf32>
func.func @columns(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %r: index, %i: index, %s: memref<8x64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %aligned = affine.apply affine_map<()[s0] -> (s0 * 4 + 8)>()[%i]
  %v = vector.load %x[%r, %aligned] : memref<8x64xf32>, vector<4xf32>
  vector.store %v, %y[%r, %aligned] : memref<8x64xf32>, vector<4xf32>
  %odd = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%i]
  %w = vector.load %x[%r, %odd] : memref<8x64xf32>, vector<4xf32>
  %view = memref.subview %x[0, 1] [8, 60] [1, 1] : memref<8x64xf32> to memref<8x60xf32, strided<[64, 1], offset: 1>>
  %u = vector.load %view[%r, %aligned] : memref<8x60xf32, strided<[64, 1], offset: 1>>, vector<4xf32>
  %t = vector.load %s[%r, %aligned] : memref<8x64xf32, 3>, vector<4xf32>
  scf.for %k = %c0 to %c64 step %c4 {
    %z = vector.load %x[%r, %k] : memref<8x64xf32>, vector<4xf32>
    vector.store %z, %y[%r, %odd] : memref<8x64xf32>, vector<4xf32>
  }
  return
}

// Rows of a buffer (subviews at [r, 0] of rows 64 long) start a multiple of
// 4 in: aligned; a view starting at column 2, or at row r of rows 62 long,
// is not.
// CHECK-LABEL: func.func @rows
// CHECK: vector.load %{{.*}}[%c0, %{{.*}}] {alignment = 16 : i64} : memref<1x64xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.load %{{.*}}[%c0, %{{.*}}] : memref<1x60xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.load %{{.*}}[%c0, %{{.*}}] : memref<1x62xf32, strided<[62, 1], offset: ?>>, vector<4xf32>
func.func @rows(%x: memref<8x64xf32>, %z: memref<8x62xf32>, %r: index, %i: index) {
  %c0 = arith.constant 0 : index
  %at = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%i]
  %row = memref.subview %x[%r, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
  %v = vector.load %row[%c0, %at] : memref<1x64xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
  %shifted = memref.subview %x[%r, 2] [1, 60] [1, 1] : memref<8x64xf32> to memref<1x60xf32, strided<[64, 1], offset: ?>>
  %w = vector.load %shifted[%c0, %at] : memref<1x60xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
  %short = memref.subview %z[%r, 0] [1, 62] [1, 1] : memref<8x62xf32> to memref<1x62xf32, strided<[62, 1], offset: ?>>
  %u = vector.load %short[%c0, %at] : memref<1x62xf32, strided<[62, 1], offset: ?>>, vector<4xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.align_vector_accesses %func : !transform.any_op
    transform.yield
  }
}
