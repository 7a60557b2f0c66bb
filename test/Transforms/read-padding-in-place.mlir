// transform.ks.read_padding_in_place on a max pooling whose input is a
// -inf padded copy (a fill of the padded buffer, then a copy of the source
// into its window, as Torch-MLIR's tensor.pad bufferizes): the pooling
// becomes a generic without that input, reading the source at the place
// less the padding (clamped into it), -inf outside; the fill and the copy
// are erased and recorded as folded dispatches, the padded buffer too.
// The padding may also be copies of a splat constant around the window
// (Torch-MLIR's tensor.concat of zeros and a slice, an exclusive cumsum's
// shifted rows), the source a strided slice; where the input alone gave a
// loop its size (the scan's reduction loop), it stays as an input the
// payload does not read. Pieces that leave part of the buffer unwritten
// are not padding. Where no input is such a copy, the transform names it
// and builds nothing; with enabled = 0 it hands the op back untouched.
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
    // expected-error @below {{no input of the target is a padded copy (a constant fill, or copies of a splat constant around a window, and a copy into the window) read by it alone}}
    %generic = transform.ks.read_padding_in_place %kept : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// CHECK: module attributes {ks.folded_dispatches = array<i64: 1, 0>}
// CHECK-LABEL: func.func @shifted_scan
// CHECK-SAME: (%[[X:.*]]: memref<4x8xf32>, %[[Y:.*]]: memref<4x8xf32>)
// CHECK: %[[SLICE:.*]] = memref.subview %[[X]][0, 0] [4, 7] [1, 1]
// CHECK: %[[SHIFTED:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK-NOT: linalg.copy
// CHECK: linalg.generic {{.*}} ins(%[[SHIFTED]] : memref<4x8xf32>) outs(%[[Y]] : memref<4x8xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}()[%{{.*}}]
// CHECK: %[[AT:.*]] = affine.apply #{{.*}}()[%{{.*}}]
// CHECK: arith.cmpi sge, %[[AT]], %c0
// CHECK: arith.cmpi sle, %[[AT]], %c6
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[CL:.*]] = arith.minsi
// CHECK: %[[V:.*]] = memref.load %[[SLICE]][%[[ROW]], %[[CL]]] : memref<4x7xf32, strided<[8, 1]>>
// CHECK: %[[P:.*]] = arith.select %[[IN]], %[[V]], %{{.*}} : f32
// CHECK: arith.select %{{.*}}, %[[P]], %{{.*}} : f32
module {
  memref.global "private" constant @zeros : memref<4x1xf32> = dense<0.0>
  func.func @shifted_scan(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %zeros = memref.get_global @zeros : memref<4x1xf32>
    %slice = memref.subview %x[0, 0] [4, 7] [1, 1] : memref<4x8xf32> to memref<4x7xf32, strided<[8, 1]>>
    %shifted = memref.alloc() : memref<4x8xf32>
    %first = memref.subview %shifted[0, 0] [4, 1] [1, 1] : memref<4x8xf32> to memref<4x1xf32, strided<[8, 1]>>
    linalg.copy {ks.dispatch = 0 : i64} ins(%zeros : memref<4x1xf32>) outs(%first : memref<4x1xf32, strided<[8, 1]>>)
    %rest = memref.subview %shifted[0, 1] [4, 7] [1, 1] : memref<4x8xf32> to memref<4x7xf32, strided<[8, 1], offset: 1>>
    linalg.copy {ks.dispatch = 1 : i64} ins(%slice : memref<4x7xf32, strided<[8, 1]>>) outs(%rest : memref<4x7xf32, strided<[8, 1], offset: 1>>)
    linalg.fill {ks.dispatch = 2 : i64} ins(%zero : f32) outs(%y : memref<4x8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%shifted : memref<4x8xf32>) outs(%y : memref<4x8xf32>) attrs = {ks.dispatch = 3 : i64} {
    ^bb0(%v: f32, %acc: f32):
      %k = linalg.index 1 : index
      %j = linalg.index 2 : index
      %upto = arith.cmpi sge, %k, %j : index
      %s = arith.select %upto, %v, %zero : f32
      %a = arith.addf %s, %acc : f32
      linalg.yield %a : f32
    }
    return
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
      %scan = transform.structured.match ops{["linalg.generic"]} in %module
          : (!transform.any_op) -> !transform.any_op
      %generic = transform.ks.read_padding_in_place %scan : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// -----

// The zero column covers one row of four: the rest of it is never written.
module {
  memref.global "private" constant @zeros : memref<1x1xf32> = dense<0.0>
  func.func @gap(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %zeros = memref.get_global @zeros : memref<1x1xf32>
    %slice = memref.subview %x[0, 0] [4, 7] [1, 1] : memref<4x8xf32> to memref<4x7xf32, strided<[8, 1]>>
    %shifted = memref.alloc() : memref<4x8xf32>
    %first = memref.subview %shifted[0, 0] [1, 1] [1, 1] : memref<4x8xf32> to memref<1x1xf32, strided<[8, 1]>>
    linalg.copy ins(%zeros : memref<1x1xf32>) outs(%first : memref<1x1xf32, strided<[8, 1]>>)
    %rest = memref.subview %shifted[0, 1] [4, 7] [1, 1] : memref<4x8xf32> to memref<4x7xf32, strided<[8, 1], offset: 1>>
    linalg.copy ins(%slice : memref<4x7xf32, strided<[8, 1]>>) outs(%rest : memref<4x7xf32, strided<[8, 1], offset: 1>>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%shifted : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
    ^bb0(%v: f32, %out: f32):
      linalg.yield %v : f32
    }
    return
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
      %copy = transform.structured.match ops{["linalg.generic"]} in %module
          : (!transform.any_op) -> !transform.any_op
      // expected-error @below {{no input of the target is a padded copy (a constant fill, or copies of a splat constant around a window, and a copy into the window) read by it alone}}
      %generic = transform.ks.read_padding_in_place %copy : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}
