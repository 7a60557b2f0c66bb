// transform.ks.fit_grid_to_limits: a block loop of more than 65535 points
// on y or z trades its block id with the x loop's, so that
// map_forall_to_blocks launches it; grids that fit are left alone, and a
// grid that cannot fit (y and z both too long) is refused with the counts.
// RUN: ks-opt %s --split-input-file --transform-interpreter --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @batch_on_z
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c65536, {{.*}} = %c28, {{.*}} = %c2)
// CHECK-DAG: %[[BX:.*]] = gpu.block_id  x
// CHECK-DAG: %[[BY:.*]] = gpu.block_id  y
// CHECK-DAG: %[[BZ:.*]] = gpu.block_id  z
// CHECK: memref.load %{{.*}}[%[[BX]], %[[BY]], %[[BZ]]]
func.func @batch_on_z(%x: memref<65536x28x8xf32>) {
  scf.forall (%n, %r, %c) in (65536, 28, 2) {
    %v = memref.load %x[%n, %r, %c] : memref<65536x28x8xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %x[%n, %r, %c] : memref<65536x28x8xf32>
  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.fit_grid_to_limits %func : !transform.any_op
    %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A grid within the limits keeps its numbering.
// CHECK-LABEL: func.func @fits
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4, {{.*}} = %c28, {{.*}} = %c65535)
func.func @fits(%x: memref<65535x28x4xf32>) {
  scf.forall (%n, %r, %c) in (65535, 28, 4) {
    %v = memref.load %x[%n, %r, %c] : memref<65535x28x4xf32>
    memref.store %v, %x[%n, %r, %c] : memref<65535x28x4xf32>
  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.fit_grid_to_limits %func : !transform.any_op
    %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @too_long(%x: memref<70000x70000xf32>) {
  scf.forall (%a, %b) in (70000, 70000) {
    %v = memref.load %x[%a, %b] : memref<70000x70000xf32>
    memref.store %v, %x[%a, %b] : memref<70000x70000xf32>
  } {mapping = [#gpu.block<z>, #gpu.block<y>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a grid of 70000 blocks on y and 70000 on z does not fit (at most 65535), and the x loop (1) cannot take their place}}
    transform.ks.fit_grid_to_limits %func : !transform.any_op
    transform.yield
  }
}
