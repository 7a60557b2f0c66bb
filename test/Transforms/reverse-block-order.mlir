// RUN: ks-opt %s --ks-reverse-block-order --split-input-file --verify-diagnostics | FileCheck %s

// The module asks for dispatches 2 and 3 in reverse: dispatch 2's launch
// (its own ks.dispatch) and dispatch 3's seed kernel (named in the host
// function's ks.kernel_dispatches) read block x as 63 - x; dispatch 1's
// launch keeps its order. The request is consumed.
// CHECK-LABEL: module {
// CHECK-LABEL: func.func @norm_then_apply
// CHECK: gpu.launch blocks(%[[B1:[^,]*]], %{{.*}}, %{{.*}}) in
// CHECK-NOT: arith.subi
// CHECK: memref.load %{{.*}}[%[[B1]]]
// CHECK: gpu.launch blocks(%[[B2:[^,]*]], %{{.*}}, %{{.*}}) in
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 63 : index
// CHECK-NEXT: %[[R2:.*]] = arith.subi %[[LAST]], %[[B2]] : index
// CHECK: memref.load %{{.*}}[%[[R2]]]
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in
// CHECK-NEXT: %[[LAST3:.*]] = arith.constant 63 : index
// CHECK: %[[ID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[R3:.*]] = arith.subi %[[LAST3]], %[[ID]] : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R3]]]
module attributes {ks.reverse_blocks = array<i64: 2, 3>} {
  func.func @norm_then_apply(%x: memref<64xf32>, %y: memref<64xf32>)
      attributes {ks.kernel_dispatches = {apply_kernel = 3 : i64}} {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%bx] : memref<64xf32>
      memref.store %v, %y[%bx] : memref<64xf32>
      gpu.terminator
    } {ks.dispatch = 1 : i64}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %y[%bx] : memref<64xf32>
      memref.store %v, %x[%bx] : memref<64xf32>
      gpu.terminator
    } {ks.dispatch = 2 : i64}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) function(@apply_kernel) {
      %id = gpu.block_id x
      %v = memref.load %x[%id] : memref<64xf32>
      memref.store %v, %y[%id] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// A dispatch no kernel computes is an error naming it.
// expected-error @+1 {{reverse_blocks: no kernel computes dispatch 7 (it is not in the program, or runs in another dispatch's kernel)}}
module attributes {ks.reverse_blocks = array<i64: 7>} {
  func.func @none(%x: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%bx] : memref<64xf32>
      memref.store %v, %x[%bx] : memref<64xf32>
      gpu.terminator
    } {ks.dispatch = 1 : i64}
    return
  }
}

// -----

// The blocks of a cluster launch keep their order (their ranks).
module attributes {ks.reverse_blocks = array<i64: 1>} {
  func.func @cluster(%x: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    // expected-error @+1 {{reverse_blocks: dispatch 1 runs in thread-block clusters, whose blocks keep their order}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%bx] : memref<64xf32>
      memref.store %v, %x[%bx] : memref<64xf32>
      gpu.terminator
    } {ks.dispatch = 1 : i64, nvvm.cluster_dim = array<i32: 4, 1, 1>}
    return
  }
}
