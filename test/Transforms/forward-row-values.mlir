// RUN: ks-opt %s --ks-forward-row-values | FileCheck %s
// RUN: ks-opt %s --ks-forward-row-values --cse | FileCheck %s --check-prefix=CSE

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

// Views of one buffer name an element by its offset in the buffer: x read
// as [4, 2, 64] (a row's two parts, block b the part b mod 2 of row b / 2)
// and as [4, 128] (the part at (b - 2 * (b / 2)) * 64) is the same element,
// so the second load comes from registers; an owned store one element
// further through a third view leaves it known.
// CHECK-LABEL: func.func @views_of_one_buffer
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%c0, %c0, %{{.*}}] {ks.row_owned} : memref<1x1x64xf32
// CHECK: memref.store
// CHECK-NOT: memref.load
// CHECK: arith.addf %[[A]], %[[A]]
func.func @views_of_one_buffer(%x: memref<4x2x64xf32>, %out: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %rows = memref.collapse_shape %x [[0], [1, 2]] : memref<4x2x64xf32> into memref<4x128xf32>
  %flat = memref.collapse_shape %x [[0, 1, 2]] : memref<4x2x64xf32> into memref<512xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %row = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%bx]
    %part = affine.apply affine_map<()[s0] -> (s0 mod 2)>()[%bx]
    %a_view = memref.subview %x[%row, %part, 0] [1, 1, 64] [1, 1, 1]
        : memref<4x2x64xf32> to memref<1x1x64xf32, strided<[128, 64, 1], offset: ?>>
    %a = memref.load %a_view[%c0, %c0, %tx] {ks.row_owned} : memref<1x1x64xf32, strided<[128, 64, 1], offset: ?>>
    %next = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1 + 256)>()[%bx, %tx]
    memref.store %a, %out[%next] {ks.row_owned} : memref<512xf32>
    gpu.barrier
    %start = affine.apply affine_map<()[s0] -> (s0 * 64 - (s0 floordiv 2) * 128)>()[%bx]
    %b_view = memref.subview %rows[%row, %start] [1, 64] [1, 1]
        : memref<4x128xf32> to memref<1x64xf32, strided<[128, 1], offset: ?>>
    %b = memref.load %b_view[%c0, %tx] {ks.row_owned} : memref<1x64xf32, strided<[128, 1], offset: ?>>
    %s = arith.addf %a, %b : f32
    %i = affine.apply affine_map<()[s0, s1] -> (s0 * 64 + s1)>()[%bx, %tx]
    memref.store %s, %out[%i] {ks.row_owned} : memref<512xf32>
    gpu.terminator
  }
  return
}

// What thread 0 stores for its block (a row's statistic) the block's
// threads read after a barrier from a workgroup slot, thread 0 included
// before it, through any view of the buffer (here [4, 2] against [8], the
// block's row split in two steps); a store by lane 0 of warp 0 (a
// reduction's end) too. Not shared: a load before the barrier, a store by
// more than one thread, a load after another store to the buffer; nor is a
// store no load reads again.
// CHECK-LABEL: func.func @thread_zero_shares
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[SLOT:.*]] : memref<1xf32, #gpu.address_space<workgroup>>, %[[SLOT2:.*]] : memref<1xf32, #gpu.address_space<workgroup>>) {
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[A:.*]], %[[STAT:.*]][%[[ROW:.*]]] {ks.row_owned}
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: memref.store %[[A]], %[[SLOT]][%{{.*}}]
// CHECK: %[[OWN:.*]] = memref.load %[[SLOT]]
// CHECK-NEXT: memref.store %[[OWN]], %{{.*}} : memref<16x64xf32>
// CHECK-NEXT: }
// CHECK: memref.load %[[STAT]][%[[ROW]]]
// CHECK: gpu.barrier
// CHECK: %[[S:.*]] = memref.load %[[SLOT]][%{{.*}}] : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: %[[Y:.*]] = arith.mulf %[[A]], %[[S]]
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[Y]], %[[STAT]][%[[ROW]]] :
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: memref.store %[[Y]], %[[SLOT2]]
// CHECK: gpu.barrier
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: memref.load %[[SLOT2]]
// CHECK: scf.if
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: arith.sitofp
// CHECK-NEXT: memref.store %{{.*}}, %[[STAT]][%[[ROW]]] :
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x2xf32>
// CHECK: memref.store %{{.*}}, %[[STAT]][%c0] :
// CHECK-NEXT: memref.load %[[STAT]][%[[ROW]]] :
func.func @thread_zero_shares(%x: memref<16x64xf32>, %stat: memref<8xf32>,
                              %out: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pairs = memref.expand_shape %stat [[0, 1]] output_shape [4, 2] : memref<8xf32> into memref<4x2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%bx, %tx] {ks.row_owned} : memref<16x64xf32>
    %row = affine.apply affine_map<()[s0] -> ((s0 floordiv 2) mod 8)>()[%bx]
    %zero = arith.cmpi ult, %tx, %c1 : index
    scf.if %zero {
      memref.store %a, %stat[%row] {ks.row_owned} : memref<8xf32>
      %own = memref.load %stat[%row] : memref<8xf32>
      memref.store %own, %out[%bx, %c0] : memref<16x64xf32>
    }
    %early = memref.load %stat[%row] : memref<8xf32>
    memref.store %early, %out[%bx, %c1] : memref<16x64xf32>
    gpu.barrier
    %hi = affine.apply affine_map<()[s0] -> (((s0 floordiv 2) floordiv 2) mod 4)>()[%bx]
    %lo = affine.apply affine_map<()[s0] -> ((s0 floordiv 2) mod 2)>()[%bx]
    %s = memref.load %pairs[%hi, %lo] : memref<4x2xf32>
    %y = arith.mulf %a, %s : f32
    memref.store %y, %out[%bx, %tx] {ks.row_owned} : memref<16x64xf32>
    %lane = gpu.lane_id
    %warp = arith.divui %tx, %c32 : index
    %lane0 = arith.cmpi eq, %lane, %c0 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %first = arith.andi %lane0, %warp0 : i1
    scf.if %first {
      memref.store %y, %stat[%row] : memref<8xf32>
    }
    gpu.barrier
    %s1 = memref.load %stat[%row] : memref<8xf32>
    memref.store %s1, %out[%bx, %c2] : memref<16x64xf32>
    %two = arith.cmpi ult, %tx, %c2 : index
    scf.if %two {
      %t = arith.index_cast %tx : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %stat[%row] : memref<8xf32>
    }
    gpu.barrier
    %s2 = memref.load %pairs[%hi, %lo] : memref<4x2xf32>
    memref.store %s2, %stat[%c0] : memref<8xf32>
    %s3 = memref.load %stat[%row] : memref<8xf32>
    %z = arith.addf %s2, %s3 : f32
    memref.store %z, %out[%bx, %c3] : memref<16x64xf32>
    gpu.terminator
  }
  return
}

// A buffer the host function allocates for the kernel alone, which the
// kernel no longer reads once its statistic comes from workgroup memory,
// is not stored to any more; one that another kernel reads keeps its store.
// CHECK-LABEL: func.func @statistics_nothing_reads
// CHECK: %[[ALONE:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: %[[SHARED:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.launch
// CHECK: scf.if
// CHECK-NOT: memref.store %{{.*}}, %[[ALONE]]
// CHECK: memref.store %{{.*}}, %[[SHARED]][%{{.*}}] {ks.row_owned}
// CHECK: gpu.barrier
// CHECK-NOT: memref.store %{{.*}}, %[[ALONE]]
// CHECK: gpu.terminator
// CHECK: gpu.launch
// CHECK: memref.load %[[SHARED]]
func.func @statistics_nothing_reads(%x: memref<4x64xf32>, %out: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %alone = gpu.alloc () : memref<4xf32>
  %shared = gpu.alloc () : memref<4xf32>
  %view = memref.expand_shape %alone [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%bx, %tx] {ks.row_owned} : memref<4x64xf32>
    %zero = arith.cmpi ult, %tx, %c1 : index
    scf.if %zero {
      memref.store %a, %view[%bx, %c0] {ks.row_owned} : memref<4x1xf32>
      memref.store %a, %shared[%bx] {ks.row_owned} : memref<4xf32>
    }
    gpu.barrier
    %s = memref.load %alone[%bx] : memref<4xf32>
    %y = arith.mulf %a, %s : f32
    memref.store %y, %out[%bx, %tx] {ks.row_owned} : memref<4x64xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = memref.load %shared[%bx] : memref<4xf32>
    memref.store %s, %out[%bx, %c0] : memref<4x64xf32>
    gpu.terminator
  }
  gpu.dealloc %alone : memref<4xf32>
  gpu.dealloc %shared : memref<4xf32>
  return
}

// A statistic read from its slot at the top of the body is read once: a
// later phase's load takes that value (the slot is written once), so the
// same arithmetic on it in both phases is one computation after CSE.
// CHECK-LABEL: func.func @statistic_loaded_once
// CHECK: gpu.barrier
// CHECK: %[[M:.*]] = memref.load %[[SLOT:.*]][%{{.*}}] : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: arith.subf %[[A:.*]], %[[M]]
// CHECK: gpu.barrier
// CHECK-NOT: memref.load %[[SLOT]]
// CHECK: arith.subf %[[A]], %[[M]]
// CSE-LABEL: func.func @statistic_loaded_once
// CSE: %[[E:.*]] = math.exp
// CSE: gpu.barrier
// CSE-NOT: math.exp
// CSE: arith.mulf %[[E]], %{{.*}}
// CSE: gpu.terminator
func.func @statistic_loaded_once(%x: memref<16x64xf32>, %max: memref<16xf32>,
                                 %sum: memref<16xf32>, %out: memref<16x64xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%bx, %tx] {ks.row_owned} : memref<16x64xf32>
    %zero = arith.cmpi ult, %tx, %c1 : index
    scf.if %zero {
      memref.store %a, %max[%bx] {ks.row_owned} : memref<16xf32>
    }
    gpu.barrier
    %m = memref.load %max[%bx] : memref<16xf32>
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    scf.if %zero {
      memref.store %e, %sum[%bx] {ks.row_owned} : memref<16xf32>
    }
    gpu.barrier
    %m2 = memref.load %max[%bx] : memref<16xf32>
    %s = memref.load %sum[%bx] : memref<16xf32>
    %d2 = arith.subf %a, %m2 : f32
    %e2 = math.exp %d2 : f32
    %y = arith.mulf %e2, %s : f32
    memref.store %y, %out[%bx, %tx] {ks.row_owned} : memref<16x64xf32>
    gpu.terminator
  }
  return
}
