// RUN: ks-opt %s --ks-forward-row-values | FileCheck %s

// A thread's own elements (ks.row_owned) and a read-only input: the second
// load of %x and the load of what the thread stored come from registers,
// and the first store to %out, overwritten by the thread before anything
// reads %out, is dropped.
// CHECK-LABEL: func.func @owned_and_read_only
// CHECK: gpu.launch
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[I:.*]]] {ks.row_owned} : memref<256xf32>
// CHECK: %[[E:.*]] = math.exp %[[X]]
// CHECK-NOT: memref.store %[[E]]
// CHECK: gpu.barrier
// CHECK-NOT: memref.load
// CHECK: %[[S:.*]] = arith.addf %[[E]], %[[X]]
// CHECK: memref.store %[[S]], %{{.*}}[%[[I]]] {ks.row_owned}
// CHECK-NEXT: gpu.terminator
func.func @owned_and_read_only(%x: memref<256xf32>, %out: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%tx] {ks.row_owned} : memref<256xf32>
    %e = math.exp %a : f32
    memref.store %e, %out[%tx] {ks.row_owned} : memref<256xf32>
    gpu.barrier
    %b = memref.load %out[%tx] {ks.row_owned} : memref<256xf32>
    %c = memref.load %x[%tx] : memref<256xf32>
    %s = arith.addf %b, %c : f32
    memref.store %s, %out[%tx] {ks.row_owned} : memref<256xf32>
    gpu.terminator
  }
  return
}

// Unowned accesses to a buffer the kernel writes are not forwarded, an
// unowned store makes the thread forget what it knew of that buffer, and a
// store another thread may read (an unowned load in between) stays.
// CHECK-LABEL: func.func @unowned
// CHECK: memref.store %{{.*}}, %[[OUT:.*]][%{{.*}}] {ks.row_owned}
// CHECK: memref.load %[[OUT]][%c0] : memref<256xf32>
// CHECK: memref.store %{{.*}}, %[[OUT]][%c0] : memref<256xf32>
// CHECK: memref.load %[[OUT]][%{{.*}}] {ks.row_owned}
// CHECK: memref.store %{{.*}}, %[[OUT]][%{{.*}}] {ks.row_owned}
func.func @unowned(%x: memref<256xf32>, %out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%tx] {ks.row_owned} : memref<256xf32>
    memref.store %a, %out[%tx] {ks.row_owned} : memref<256xf32>
    gpu.barrier
    %first = memref.load %out[%c0] : memref<256xf32>
    %d = arith.addf %first, %a : f32
    memref.store %d, %out[%c0] : memref<256xf32>
    gpu.barrier
    %b = memref.load %out[%tx] {ks.row_owned} : memref<256xf32>
    %s = arith.addf %b, %b : f32
    memref.store %s, %out[%tx] {ks.row_owned} : memref<256xf32>
    gpu.terminator
  }
  return
}

// Elements at different constant offsets from the same index are apart
// (thread t owns 2t and 2t + 1): a store at i + 1 keeps what the thread knows at i. A branch uses what was
// known before it; what it stores is forgotten after it.
// CHECK-LABEL: func.func @offsets_and_branches
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%[[I:.*]]] {ks.row_owned}
// CHECK: memref.store %[[A]], %[[OUT:.*]][%[[I]]] {ks.row_owned}
// CHECK: memref.store %{{.*}}, %[[OUT]][%[[J:.*]]] {ks.row_owned}
// CHECK: scf.if
// CHECK-NEXT: arith.mulf %[[A]], %[[A]]
// CHECK: memref.store %{{.*}}, %[[OUT]][%[[I]]] {ks.row_owned}
// CHECK: }
// CHECK: memref.load %[[OUT]][%[[I]]] {ks.row_owned}
func.func @offsets_and_branches(%x: memref<256xf32>, %out: memref<257xf32>, %p: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c2 : index
    %j = arith.addi %i, %c1 : index
    %a = memref.load %x[%i] {ks.row_owned} : memref<256xf32>
    memref.store %a, %out[%i] {ks.row_owned} : memref<257xf32>
    %b = memref.load %x[%j] {ks.row_owned} : memref<256xf32>
    memref.store %b, %out[%j] {ks.row_owned} : memref<257xf32>
    scf.if %p {
      %again = memref.load %out[%i] {ks.row_owned} : memref<257xf32>
      %sq = arith.mulf %again, %again : f32
      memref.store %sq, %out[%i] {ks.row_owned} : memref<257xf32>
    }
    %after = memref.load %out[%i] {ks.row_owned} : memref<257xf32>
    memref.store %after, %out[%c128] : memref<257xf32>
    gpu.terminator
  }
  return
}

// A kernel without owned accesses is left alone, its repeated loads too.
// CHECK-LABEL: func.func @untouched
// CHECK-COUNT-2: memref.load %{{.*}}[%{{.*}}] : memref<256xf32>
func.func @untouched(%x: memref<256xf32>, %out: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%tx] : memref<256xf32>
    %b = memref.load %x[%tx] : memref<256xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}
