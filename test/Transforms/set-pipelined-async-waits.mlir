// transform.ks.set_pipelined_async_waits: in a software-pipelined loop that
// carries T asynchronous-copy tokens and commits G groups a trip, each wait
// on a carried token lets T - G groups stay in flight (the later steps'),
// so the current step's groups are complete: 1 for one group a step, 2 for
// two (A and B apart). A loop with nothing in flight is an error.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @one_group_a_step
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// Outside the loop (the peeled epilogue) waits are left alone.
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
func.func @one_group_a_step(%g: memref<64x4xf32>, %s: memref<2x4xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t0 = nvgpu.device_async_copy %g[%c0, %c0], %s[%c0, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
  %g0 = nvgpu.device_async_create_group %t0
  %t1 = nvgpu.device_async_copy %g[%c1, %c0], %s[%c1, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
  %g1 = nvgpu.device_async_create_group %t1
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %g0, %b = %g1) -> (!nvgpu.device.async.token, !nvgpu.device.async.token) {
    nvgpu.device_async_wait %a {numGroups = 1 : i32}
    gpu.barrier
    %t = nvgpu.device_async_copy %g[%i, %c0], %s[%c0, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
    %n = nvgpu.device_async_create_group %t
    scf.yield %b, %n : !nvgpu.device.async.token, !nvgpu.device.async.token
  }
  nvgpu.device_async_wait %r#1 {numGroups = 0 : i32}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.set_pipelined_async_waits %func : !transform.any_op
    transform.yield
  }
}

// -----

// Two groups a step (four tokens carried): both waits leave two in flight.
// CHECK-LABEL: func.func @two_groups_a_step
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
func.func @two_groups_a_step(%g: memref<64x4xf32>, %s: memref<2x4xf32, #gpu.address_space<workgroup>>,
                             %t0: !nvgpu.device.async.token, %t1: !nvgpu.device.async.token,
                             %t2: !nvgpu.device.async.token, %t3: !nvgpu.device.async.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:4 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t0, %b = %t1, %c = %t2, %d = %t3)
      -> (!nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token) {
    nvgpu.device_async_wait %a {numGroups = 1 : i32}
    nvgpu.device_async_wait %c {numGroups = 1 : i32}
    gpu.barrier
    %x = nvgpu.device_async_copy %g[%i, %c0], %s[%c0, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
    %gx = nvgpu.device_async_create_group %x
    gpu.barrier
    %y = nvgpu.device_async_copy %g[%i, %c0], %s[%c1, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
    %gy = nvgpu.device_async_create_group %y
    scf.yield %b, %gx, %d, %gy : !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token, !nvgpu.device.async.token
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    transform.ks.set_pipelined_async_waits %func : !transform.any_op
    transform.yield
  }
}

// -----

// One token carried, one group a trip: nothing of a later step in flight.
func.func @not_pipelined(%g: memref<64x4xf32>, %s: memref<2x4xf32, #gpu.address_space<workgroup>>, %t0: !nvgpu.device.async.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{ks.set_pipelined_async_waits: 1 carried tokens and 1 groups a trip leave no later step in flight}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t0) -> (!nvgpu.device.async.token) {
    nvgpu.device_async_wait %a
    %x = nvgpu.device_async_copy %g[%i, %c0], %s[%c0, %c0], 4 : memref<64x4xf32> to memref<2x4xf32, #gpu.address_space<workgroup>>
    %gx = nvgpu.device_async_create_group %x
    scf.yield %gx : !nvgpu.device.async.token
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a pipelined loop's waits cannot be set}}
    transform.ks.set_pipelined_async_waits %func : !transform.any_op
    transform.yield
  }
}
