// transform.ks.read_padding_in_place on a max pooling whose input is a
// -inf padded copy (a fill of the padded buffer, then a copy of the source
// into its window, as Torch-MLIR's tensor.pad bufferizes): the pooling
// becomes a generic without that input, reading the source at the place
// less the padding (clamped into it), -inf outside; the fill and the copy
// are erased and recorded as folded dispatches, the padded buffer too.
// Where no input is such a copy, the transform names it and builds
// nothing; with enabled = 0 it hands the op back untouched.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// CHECK: module attributes {ks.folded_dispatches = array<i64: 1, 0>}
// CHECK-LABEL: func.func @padded_pool
// CHECK-SAME: (%[[X:.*]]: memref<2x4x1x16xf32>, %[[Y:.*]]: memref<2x4x1x8xf32>)
// CHECK-NOT: memref.alloc() : memref<2x4x1x18xf32>
// CHECK-NOT: linalg.copy
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : memref<1x4xf32>) outs(%[[Y]] : memref<2x4x1x8xf32>)
// CHECK: arith.cmpi sge, %[[AT:.*]], %c0
// CHECK: arith.cmpi sle, %[[AT]], %c15
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[CL:.*]] = arith.minsi
// CHECK: %[[V:.*]] = memref.load %[[X]][%{{.*}}, %{{.*}}, %{{.*}}, %[[CL]]] : memref<2x4x1x16xf32>
// CHECK: %[[P:.*]] = arith.select %[[IN]], %[[V]], %cst
// CHECK: arith.maximumf %{{.*}}, %[[P]]
module {
  func.func @padded_pool(%x: memref<2x4x1x16xf32>, %y: memref<2x4x1x8xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %padded = memref.alloc() : memref<2x4x1x18xf32>
    linalg.fill {ks.dispatch = 0 : i64} ins(%ninf : f32) outs(%padded : memref<2x4x1x18xf32>)
    %window = memref.subview %padded[0, 0, 0, 1] [2, 4, 1, 16] [1, 1, 1, 1]
        : memref<2x4x1x18xf32> to memref<2x4x1x16xf32, strided<[72, 18, 18, 1], offset: 1>>
    linalg.copy {ks.dispatch = 1 : i64} ins(%x : memref<2x4x1x16xf32>)
        outs(%window : memref<2x4x1x16xf32, strided<[72, 18, 18, 1], offset: 1>>)
    %w = memref.alloc() : memref<1x4xf32>
    linalg.fill {ks.dispatch = 2 : i64} ins(%ninf : f32) outs(%y : memref<2x4x1x8xf32>)
    linalg.pooling_nchw_max {ks.dispatch = 3 : i64, dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>}
        ins(%padded, %w : memref<2x4x1x18xf32>, memref<1x4xf32>) outs(%y : memref<2x4x1x8xf32>)
    memref.dealloc %padded : memref<2x4x1x18xf32>
    return
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
      %pool = transform.structured.match ops{["linalg.pooling_nchw_max"]} in %module
          : (!transform.any_op) -> !transform.any_op
      %generic = transform.ks.read_padding_in_place %pool : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// -----

func.func @unpadded_pool(%x: memref<2x4x1x16xf32>, %y: memref<2x4x1x8xf32>) {
  %w = memref.alloc() : memref<1x2xf32>
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>}
      ins(%x, %w : memref<2x4x1x16xf32>, memref<1x2xf32>) outs(%y : memref<2x4x1x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %pool = transform.structured.match ops{["linalg.pooling_nchw_max"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %kept = transform.ks.read_padding_in_place %pool {enabled = 0 : i64} : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{no input of the target is a padded copy (a constant fill, then a copy into a window) read by it alone}}
    %generic = transform.ks.read_padding_in_place %kept : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
