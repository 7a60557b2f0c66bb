// transform.ks.unroll_fully: a linalg op on buffers with static loop counts
// becomes one straight-line body (2 x 3 window taps x 2 outputs: 12 copies
// of the multiply-add, no loop left); enabled = 0 leaves it; a dynamic
// count and a body past max_copies are refused.
// RUN: ks-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @window_and_tile
// CHECK-NOT: scf.for
// CHECK-NOT: linalg.generic
// CHECK-COUNT-12: arith.mulf
// CHECK-NOT: arith.mulf
// CHECK: return
func.func @window_and_tile(%in: memref<4xf32>, %w: memref<2x3xf32>, %out: memref<2xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i, kh, kw) -> (i + kw)>, affine_map<(i, kh, kw) -> (kh, kw)>,
                       affine_map<(i, kh, kw) -> (i)>],
      iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%in, %w : memref<4xf32>, memref<2x3xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%x: f32, %k: f32, %acc: f32):
    %p = arith.mulf %x, %k : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.unroll_fully %op : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @disabled
// CHECK: linalg.generic
func.func @disabled(%in: memref<4xf32>, %out: memref<4xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%in : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.unroll_fully %op {enabled = 0} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @dynamic(%in: memref<?xf32>, %out: memref<?xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%in : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a loop of the target has a dynamic count}}
    transform.ks.unroll_fully %op : !transform.any_op
    transform.yield
  }
}

// -----

func.func @too_many(%in: memref<64xf32>, %out: memref<64xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unrolled, the target's body would be copied 64 times, past max_copies = 32}}
    transform.ks.unroll_fully %op {max_copies = 32} : !transform.any_op
    transform.yield
  }
}
