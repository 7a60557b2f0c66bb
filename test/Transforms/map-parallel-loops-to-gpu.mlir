// RUN: ks-opt %s --split-input-file --ks-map-parallel-loops-to-gpu --canonicalize --verify-diagnostics | FileCheck %s
// RUN: ks-opt %s --split-input-file --ks-map-parallel-loops-to-gpu="block-size=64" --canonicalize --verify-diagnostics | FileCheck %s --check-prefix=B64

// A 2-D parallel loop over 300x5 = 1500 elements becomes one launch of
// ceil(1500/256) = 6 blocks of 256 threads, innermost dimension fastest, with
// a bounds check for the tail. The constant weights are read inside the
// kernel through a clone of the global and its view.

memref.global "private" constant @w : memref<2x150xf32> = dense<1.0>

// CHECK-LABEL: func.func @elementwise
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK:         gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C6]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]],
// CHECK:           %[[G:.*]] = memref.get_global @w
// CHECK:           %[[GV:.*]] = memref.collapse_shape %[[G]]
// CHECK:           %[[MUL:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK:           %[[LIN:.*]] = arith.addi %[[MUL]], %[[TX]] : index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[LIN]], %{{.*}} : index
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[IDX:.*]]:2 = affine.delinearize_index %[[LIN]] into (300, 5)
// CHECK:             memref.load %{{.*}}[%[[IDX]]#1, %[[IDX]]#0]
// CHECK:             memref.load %[[GV]][%[[IDX]]#0]
// CHECK:             memref.store %{{.*}}, %{{.*}}[%[[IDX]]#0, %[[IDX]]#1]
// CHECK:           gpu.terminator
// CHECK-NOT:     scf.parallel
// B64-LABEL: func.func @elementwise
// B64-DAG:     %[[C24:.*]] = arith.constant 24 : index
// B64-DAG:     %[[C64:.*]] = arith.constant 64 : index
// B64:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C24]], {{.*}} threads({{.*}}) in (%{{.*}} = %[[C64]],
func.func @elementwise(%a: memref<5x300xf32>, %o: memref<300x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c300 = arith.constant 300 : index
  %g = memref.get_global @w : memref<2x150xf32>
  %gv = memref.collapse_shape %g [[0, 1]] : memref<2x150xf32> into memref<300xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c300, %c5) step (%c1, %c1) {
    %v = memref.load %a[%j, %i] : memref<5x300xf32>
    %w = memref.load %gv[%i] : memref<300xf32>
    %x = arith.addf %v, %w : f32
    memref.store %x, %o[%i, %j] : memref<300x5xf32>
    scf.reduce
  }
  return
}

// -----

// A loop nest whose innermost loop is not the output's innermost dimension
// (a depthwise convolution iterates (n, row, column, channel)): the loop that
// indexes the output's last dimension, the column, varies fastest, the others
// keep their order, so neighbouring threads write neighbouring columns.

// CHECK-LABEL: func.func @channel_innermost
// CHECK:         %[[IDX:.*]]:4 = affine.delinearize_index %{{.*}} into (2, 6, 3, 8)
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[IDX]]#0, %[[IDX]]#2, %[[IDX]]#1, %[[IDX]]#3]
func.func @channel_innermost(%a: memref<2x3x6x8xf32>, %o: memref<2x3x6x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%n, %h, %w, %c) = (%c0, %c0, %c0, %c0) to (%c2, %c6, %c8, %c3) step (%c1, %c1, %c1, %c1) {
    %v = memref.load %a[%n, %c, %h, %w] : memref<2x3x6x8xf32>
    %x = arith.addf %v, %v : f32
    memref.store %x, %o[%n, %c, %h, %w] : memref<2x3x6x8xf32>
    scf.reduce
  }
  return
}

// -----

// A loop with an offset and a stride maps its index back: iv = 2 + 3 * idx.
// Small loops get one block rounded up to a warp.
// CHECK-LABEL: func.func @strided
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %[[C32]],
// CHECK:           scf.if
// CHECK:             %[[S:.*]] = arith.muli %{{.*}}, %[[C3]] : index
// CHECK:             %[[IV:.*]] = arith.addi %[[S]], %[[C2]] : index
// CHECK:             memref.store %{{.*}}, %{{.*}}[%[[IV]]]
func.func @strided(%o: memref<20xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c2) to (%c20) step (%c3) {
    memref.store %f, %o[%i] : memref<20xf32>
    scf.reduce
  }
  return
}

// -----

// Sequential top-level work (a full reduction into a 0-d buffer) runs in one
// thread; the reduction loop stays sequential inside the kernel.
// Each launch names its kernel after the function, uniquely, so kernels
// stay distinguishable after outlining.
// CHECK-LABEL: func.func @full_reduction
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads({{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) module(@full_reduction_kernel) function(@full_reduction_kernel)
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      gpu.terminator
// CHECK:         gpu.launch {{.*}} module(@full_reduction_kernel_0) function(@full_reduction_kernel_0)
// CHECK-NEXT:      scf.for
// CHECK:           memref.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK-NOT:     scf.for
func.func @full_reduction(%a: memref<64xf32>, %s: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %s[] : memref<f32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    %acc = memref.load %s[] : memref<f32>
    %sum = arith.addf %v, %acc : f32
    memref.store %sum, %s[] : memref<f32>
  }
  return
}

// -----

// An empty iteration space launches nothing.
// CHECK-LABEL: func.func @empty
// CHECK-NOT:     gpu.launch
func.func @empty(%o: memref<0xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c0) step (%c1) {
    memref.store %f, %o[%i] : memref<0xf32>
    scf.reduce
  }
  return
}

// -----

func.func @host_read(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  // expected-error @below {{host code would read device memory; a scalar read outside a kernel is not supported by the seed lowering}}
  return %v : f32
}

// -----

// A 0-d elementwise op lowers to a straight-line load/compute/store run,
// which becomes one single-thread kernel, in place.
// CHECK-LABEL: func.func @scalar_run
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C1]], {{.*}} threads({{.*}}) in (%{{.*}} = %[[C1]],
// CHECK-NEXT:      %[[V:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK-NEXT:      %[[D:.*]] = arith.divf %[[V]], %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[D]], %{{.*}}[] : memref<f32>
// CHECK-NEXT:      gpu.terminator
// CHECK:         gpu.launch
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[] : memref<f32>
func.func @scalar_run(%a: memref<f32>, %o: memref<f32>, %p: memref<f32>) {
  %n = arith.constant 64.0 : f32
  %v = memref.load %a[] : memref<f32>
  %d = arith.divf %v, %n : f32
  memref.store %d, %o[] : memref<f32>
  memref.store %n, %p[] : memref<f32>
  return
}

// -----

func.func @reducing_parallel(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  // expected-error @below {{scf.parallel with reductions is not supported by the seed lowering}}
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> f32 {
    %v = memref.load %a[%i] : memref<4xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
