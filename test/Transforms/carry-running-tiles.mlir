// transform.ks.carry_running_tiles: a running tile read and written at
// every step of nested loops (loop-invariant indices) becomes the loops'
// carried value, read once before and written once after them, even when
// its buffer has a view elsewhere in the function, which upstream's
// hoist_redundant_vector_transfers refuses; a loop that also reads the
// buffer some other way keeps it in memory.
// RUN: ks-opt %s --transform-interpreter --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @nested
// CHECK: memref.expand_shape
// CHECK: %[[INIT:.*]] = vector.transfer_read %arg1[%{{.*}}], %{{.*}} : memref<64xf32>, vector<4xf32>
// CHECK: %[[OUTER:.*]] = scf.for {{.*}} iter_args(%[[O:.*]] = %[[INIT]]) -> (vector<4xf32>)
// CHECK: %[[INNER:.*]] = scf.for {{.*}} iter_args(%[[I:.*]] = %[[O]]) -> (vector<4xf32>)
// CHECK-NOT: %arg1
// CHECK: arith.addf %[[I]]
// CHECK: scf.yield
// CHECK: scf.yield %[[INNER]]
// CHECK: vector.transfer_write %[[OUTER]], %arg1[%{{.*}}] {{.*}}: vector<4xf32>, memref<64xf32>
func.func @nested(%a: memref<8x8x4xf32>, %c: memref<64xf32>, %j: index) -> memref<16x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %view = memref.expand_shape %c [[0, 1]] output_shape [16, 4] : memref<64xf32> into memref<16x4xf32>
  scf.for %k = %c0 to %c8 step %c1 {
    scf.for %kk = %c0 to %c8 step %c1 {
      %x = vector.transfer_read %a[%k, %kk, %c0], %pad {in_bounds = [true]} : memref<8x8x4xf32>, vector<4xf32>
      %acc = vector.transfer_read %c[%j], %pad {in_bounds = [true]} : memref<64xf32>, vector<4xf32>
      %s = arith.addf %acc, %x : vector<4xf32>
      vector.transfer_write %s, %c[%j] {in_bounds = [true]} : vector<4xf32>, memref<64xf32>
    }
  }
  return %view : memref<16x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.carry_running_tiles %func : !transform.any_op
    transform.yield
  }
}

// -----

// The loop also loads from the buffer's view: nothing is carried.
// CHECK-LABEL: func.func @read_through_view
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: vector.transfer_read %arg1
// CHECK: vector.transfer_write {{.*}}, %arg1
func.func @read_through_view(%a: memref<8x4xf32>, %c: memref<64xf32>, %seen: memref<8xf32>, %j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %view = memref.expand_shape %c [[0, 1]] output_shape [16, 4] : memref<64xf32> into memref<16x4xf32>
  scf.for %k = %c0 to %c8 step %c1 {
    %x = vector.transfer_read %a[%k, %c0], %pad {in_bounds = [true]} : memref<8x4xf32>, vector<4xf32>
    %acc = vector.transfer_read %c[%j], %pad {in_bounds = [true]} : memref<64xf32>, vector<4xf32>
    %s = arith.addf %acc, %x : vector<4xf32>
    vector.transfer_write %s, %c[%j] {in_bounds = [true]} : vector<4xf32>, memref<64xf32>
    %first = memref.load %view[%c0, %c0] : memref<16x4xf32>
    memref.store %first, %seen[%k] : memref<8xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.carry_running_tiles %func : !transform.any_op
    transform.yield
  }
}
