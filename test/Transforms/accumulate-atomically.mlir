// transform.ks.accumulate_atomically: a loop's carried tile of a buffer
// (read before the loop, written back after it at the same indices) starts
// from zero and is added to the buffer by one atomic add per element; a
// tile the loop does anything but add to is an error, and so is a target
// holding no such loop. A running sum still read and written in memory at
// every step (loop-invariant indices, nothing else in the loop touching the
// buffer or a view of it) becomes such a carried tile first.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// A 2x4 tile of C at (%i, %j) summing 2x4 products over 16 steps: zero in,
// eight atomic adds out at (%i + r, %j + c); C is not read.
// CHECK-LABEL: func.func @sums
// CHECK-SAME: (%[[A:.*]]: memref<16x2x4xf32>, %[[C:.*]]: memref<8x8xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: vector.transfer_read %[[C]]
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2x4xf32>
// CHECK: %[[SUMS:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (vector<2x4xf32>)
// CHECK: %[[E00:.*]] = vector.extract %[[SUMS]][0, 0] : f32 from vector<2x4xf32>
// CHECK-NEXT: memref.atomic_rmw addf %[[E00]], %[[C]][%[[I]], %[[J]]] : (f32, memref<8x8xf32>) -> f32
// CHECK-NEXT: %[[E01:.*]] = vector.extract %[[SUMS]][0, 1] : f32 from vector<2x4xf32>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]], %[[ONE]]
// CHECK-NEXT: memref.atomic_rmw addf %[[E01]], %[[C]][%[[I]], %[[J1]]]
// CHECK: %[[E13:.*]] = vector.extract %[[SUMS]][1, 3] : f32 from vector<2x4xf32>
// CHECK: %[[I1:.*]] = arith.addi %[[I]], %{{.*}}
// CHECK: %[[J3:.*]] = arith.addi %[[J]], %{{.*}}
// CHECK-NEXT: memref.atomic_rmw addf %[[E13]], %[[C]][%[[I1]], %[[J3]]]
// CHECK-NOT: vector.transfer_write
// CHECK: return
func.func @sums(%a: memref<16x2x4xf32>, %c: memref<8x8xf32>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %init = vector.transfer_read %c[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x4xf32>
  %sums = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %init) -> (vector<2x4xf32>) {
    %x = vector.transfer_read %a[%k, %c0, %c0], %pad {in_bounds = [true, true]} : memref<16x2x4xf32>, vector<2x4xf32>
    %p = arith.mulf %x, %x : vector<2x4xf32>
    %next = arith.addf %acc, %p : vector<2x4xf32>
    scf.yield %next : vector<2x4xf32>
  }
  vector.transfer_write %sums, %c[%i, %j] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x8xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.accumulate_atomically %func : !transform.any_op
    transform.yield
  }
}

// -----

// The carried tile is scaled at each step: not a sum of parts.
func.func @scaled(%c: memref<8x8xf32>, %s: vector<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %init = vector.transfer_read %c[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x4xf32>
  // expected-error @below {{ks.accumulate_atomically: the tile carried in iteration argument 0 is not only added to}}
  %r = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %init) -> (vector<2x4xf32>) {
    %next = arith.mulf %acc, %s : vector<2x4xf32>
    scf.yield %next : vector<2x4xf32>
  }
  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x8xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a carried tile is used other than by additions}}
    transform.ks.accumulate_atomically %func : !transform.any_op
    transform.yield
  }
}

// -----

// The loop's result goes to another buffer than the one it was read from.
func.func @elsewhere(%c: memref<8x8xf32>, %d: memref<8x8xf32>, %x: vector<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %init = vector.transfer_read %c[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x4xf32>
  %r = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %init) -> (vector<2x4xf32>) {
    %next = arith.addf %acc, %x : vector<2x4xf32>
    scf.yield %next : vector<2x4xf32>
  }
  vector.transfer_write %r, %d[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x8xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{found no loop that carries a tile of memory across its iterations}}
    transform.ks.accumulate_atomically %func : !transform.any_op
    transform.yield
  }
}

// -----

// A running sum kept in memory: read and written at every step through a
// view of %out that another op outside the loop also uses (upstream's
// hoisting refuses such a buffer). It becomes a carried tile from zero, one
// atomic add of it after the loop, no read of the output.
// CHECK-LABEL: func.func @in_memory
// CHECK-SAME: (%[[A:.*]]: memref<16x4xf32>, %[[OUT:.*]]: memref<1x4xf32>)
// CHECK: %[[SUMS:.*]] = memref.collapse_shape %[[OUT]]
// CHECK: linalg.fill
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<4xf32>)
// CHECK-NOT: %[[SUMS]]
// CHECK: arith.addf %[[ACC]]
// CHECK: scf.yield
// CHECK: vector.extract %[[R]][0]
// CHECK: memref.atomic_rmw addf %{{.*}}, %[[SUMS]][%{{.*}}]
// CHECK-COUNT-3: memref.atomic_rmw addf
// CHECK-NOT: vector.transfer_write
func.func @in_memory(%a: memref<16x4xf32>, %out: memref<1x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %sums = memref.collapse_shape %out [[0, 1]] : memref<1x4xf32> into memref<4xf32>
  linalg.fill ins(%pad : f32) outs(%sums : memref<4xf32>)
  scf.for %k = %c0 to %c16 step %c1 {
    %x = vector.transfer_read %a[%k, %c0], %pad {in_bounds = [true]} : memref<16x4xf32>, vector<4xf32>
    %acc = vector.transfer_read %sums[%c0], %pad {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
    %next = arith.addf %acc, %x : vector<4xf32>
    vector.transfer_write %next, %sums[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.accumulate_atomically %func : !transform.any_op
    transform.yield
  }
}

// -----

// The loop also reads the output through another view: the sum is not the
// loop's alone, it stays in memory, and there is no carried tile.
func.func @read_elsewhere(%a: memref<16x4xf32>, %out: memref<1x4xf32>, %seen: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %sums = memref.collapse_shape %out [[0, 1]] : memref<1x4xf32> into memref<4xf32>
  scf.for %k = %c0 to %c16 step %c1 {
    %x = vector.transfer_read %a[%k, %c0], %pad {in_bounds = [true]} : memref<16x4xf32>, vector<4xf32>
    %acc = vector.transfer_read %sums[%c0], %pad {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
    %next = arith.addf %acc, %x : vector<4xf32>
    vector.transfer_write %next, %sums[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
    %first = memref.load %out[%c0, %c0] : memref<1x4xf32>
    memref.store %first, %seen[%k] : memref<16xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{found no loop that carries a tile of memory across its iterations}}
    transform.ks.accumulate_atomically %func : !transform.any_op
    transform.yield
  }
}
