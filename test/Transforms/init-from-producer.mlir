// transform.ks.init_from_producer: a thread's private accumulator starts
// from the output's initializer (fill or broadcast) computed on its tile,
// not from the output read back, and the initializer goes unless the nest
// still reads the output; a copy whose buffer was written by anything else,
// or used in between, stays.
// RUN: ks-opt %s --transform-interpreter | FileCheck %s

// The bias broadcast over [4, 16] tiles of 2 rows: each tile's private
// buffer gets the broadcast of its two bias values.
// CHECK-LABEL: func.func @bias
// CHECK-SAME: (%[[B:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4x16xf32>)
// CHECK-NOT: linalg.broadcast
// CHECK: scf.forall (%[[I:.*]]) in (2)
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<2x16xf32>
// CHECK: %[[ROW:.*]] = affine.apply {{.*}}(%[[I]])
// CHECK: %[[SLICE:.*]] = memref.subview %[[B]][%[[ROW]]] [2] [1]
// CHECK: linalg.broadcast ins(%[[SLICE]] : memref<2xf32, {{.*}}>) outs(%[[ACC]] : memref<2x16xf32>) dimensions = [1]
// CHECK-NOT: linalg.copy ins(%{{.*}}) outs(%[[ACC]]
// CHECK: linalg.copy ins(%[[ACC]] : memref<2x16xf32>)
func.func @bias(%b: memref<4xf32>, %y: memref<4x16xf32>) {
  linalg.broadcast ins(%b : memref<4xf32>) outs(%y : memref<4x16xf32>) dimensions = [1]
  scf.forall (%i) in (2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %tile = memref.subview %y[%row, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    %acc = memref.alloca() : memref<2x16xf32>
    linalg.copy ins(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%acc : memref<2x16xf32>)
    linalg.copy ins(%acc : memref<2x16xf32>) outs(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}


// A zero fill: the private buffer is filled with the zero.
// CHECK-LABEL: func.func @zero
// CHECK-NOT: linalg.fill
// CHECK: scf.forall
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<2x16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[ACC]] : memref<2x16xf32>)
func.func @zero(%y: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<4x16xf32>)
  scf.forall (%i) in (2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %tile = memref.subview %y[%row, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    %acc = memref.alloca() : memref<2x16xf32>
    linalg.copy ins(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%acc : memref<2x16xf32>)
    linalg.copy ins(%acc : memref<2x16xf32>) outs(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}


// The output is read by another op between the fill and the loop nest:
// the fill must stay, and the copy too.
// CHECK-LABEL: func.func @read_in_between
// CHECK: linalg.fill
// CHECK: linalg.copy ins(%{{.*}} : memref<4x16xf32>) outs(%{{.*}} : memref<4x16xf32>)
// CHECK: scf.forall
// CHECK: linalg.copy ins(%{{.*}} : memref<2x16xf32, {{.*}}>) outs(%{{.*}} : memref<2x16xf32>)
func.func @read_in_between(%y: memref<4x16xf32>, %z: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<4x16xf32>)
  linalg.copy ins(%y : memref<4x16xf32>) outs(%z : memref<4x16xf32>)
  scf.forall (%i) in (2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %tile = memref.subview %y[%row, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    %acc = memref.alloca() : memref<2x16xf32>
    linalg.copy ins(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%acc : memref<2x16xf32>)
    linalg.copy ins(%acc : memref<2x16xf32>) outs(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}


// The nest also reads the tile besides the copy: the copy still starts
// from the zero, but the fill stays, since the load would read it.
// CHECK-LABEL: func.func @read_in_nest
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<4x16xf32>)
// CHECK: scf.forall
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<2x16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[ACC]] : memref<2x16xf32>)
// CHECK: memref.load
func.func @read_in_nest(%y: memref<4x16xf32>, %out: memref<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  linalg.fill ins(%zero : f32) outs(%y : memref<4x16xf32>)
  scf.forall (%i) in (2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %tile = memref.subview %y[%row, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    %acc = memref.alloca() : memref<2x16xf32>
    linalg.copy ins(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%acc : memref<2x16xf32>)
    %v = memref.load %tile[%c0, %c0] : memref<2x16xf32, strided<[16, 1], offset: ?>>
    memref.store %v, %out[%i] : memref<2xf32>
    linalg.copy ins(%acc : memref<2x16xf32>) outs(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}

// The output was last written by a computation, not an initializer.
// CHECK-LABEL: func.func @computed
// CHECK: linalg.copy ins(%{{.*}} : memref<4x16xf32>) outs(%{{.*}} : memref<4x16xf32>)
// CHECK: scf.forall
// CHECK: linalg.copy ins(%{{.*}} : memref<2x16xf32, {{.*}}>) outs(%{{.*}} : memref<2x16xf32>)
func.func @computed(%x: memref<4x16xf32>, %y: memref<4x16xf32>) {
  linalg.copy ins(%x : memref<4x16xf32>) outs(%y : memref<4x16xf32>)
  scf.forall (%i) in (2) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %tile = memref.subview %y[%row, 0] [2, 16] [1, 1] : memref<4x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    %acc = memref.alloca() : memref<2x16xf32>
    linalg.copy ins(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%acc : memref<2x16xf32>)
    linalg.copy ins(%acc : memref<2x16xf32>) outs(%tile : memref<2x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    // Every copy, those outside the loop nests (not into private
    // buffers) included: they are left alone.
    %copies = transform.structured.match ops{["linalg.copy"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.init_from_producer %copies : !transform.any_op
    transform.yield
  }
}
