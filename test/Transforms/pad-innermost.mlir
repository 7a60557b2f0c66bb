// transform.ks.pad_innermost: a promoted 32x32 buffer (a byte alloca seen
// as 32x32 f32) becomes 32x33, its users (a copy, through promotion's cast
// too) taking the 32x32 subview with row stride 33. A view of something
// else is an error naming it.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @promoted
// CHECK: %[[BYTES:.*]] = memref.alloca() : memref<4224xi8, 3>
// CHECK: %[[VIEW:.*]] = memref.view %[[BYTES]][%{{.*}}][] : memref<4224xi8, 3> to memref<32x33xf32, 3>
// CHECK: %[[TILE:.*]] = memref.subview %[[VIEW]][0, 0] [32, 32] [1, 1] : memref<32x33xf32, 3> to memref<32x32xf32, strided<[33, 1]>, 3>
// CHECK: linalg.copy ins(%{{.*}} : memref<32x32xf32>) outs(%[[TILE]] : memref<32x32xf32, strided<[33, 1]>, 3>)
// CHECK: linalg.copy ins(%[[TILE]] : memref<32x32xf32, strided<[33, 1]>, 3>)
// CHECK-NOT: memref.cast
func.func @promoted(%x: memref<32x32xf32>, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %bytes = memref.alloca() : memref<4096xi8, 3>
  %view = memref.view %bytes[%c0][] : memref<4096xi8, 3> to memref<32x32xf32, 3>
  %cast = memref.cast %view : memref<32x32xf32, 3> to memref<?x?xf32, 3>
  linalg.copy ins(%x : memref<32x32xf32>) outs(%view : memref<32x32xf32, 3>)
  linalg.copy ins(%cast : memref<?x?xf32, 3>) outs(%y : memref<32x32xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %views = transform.structured.match ops{["memref.view"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.pad_innermost %views {padding = 1} : !transform.any_op
    transform.yield
  }
}

// -----

// The view is read by a memref.load: its users could not take a strided
// tile.
func.func @loaded(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %bytes = memref.alloca() : memref<4096xi8, 3>
  %view = memref.view %bytes[%c0][] : memref<4096xi8, 3> to memref<32x32xf32, 3>
  %v = memref.load %view[%i, %i] : memref<32x32xf32, 3>
  return %v : f32
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %views = transform.structured.match ops{["memref.view"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the view is used by memref.load, not only by linalg ops}}
    transform.ks.pad_innermost %views : !transform.any_op
    transform.yield
  }
}
