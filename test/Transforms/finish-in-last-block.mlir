// RUN: ks-opt %s --ks-finish-in-last-block --split-input-file | FileCheck %s

// A split sum's last fold (one block of 32 threads) moves into the partial
// stage (8 blocks of 32): the tail's buffer is allocated before it, the
// partials freed after it.
// CHECK-LABEL: func.func @tail_of_a_split_sum
// CHECK-NOT: ks.finish_in_last_block
// CHECK: %[[OUT:.*]] = gpu.alloc () : memref<1xf32>
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%[[GX:.*]] = %c8, %[[GY:.*]] = %c1{{.*}}, %[[GZ:.*]] = %c1{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %[[TZ:.*]]) in
// The producer's body first: its partial per block.
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[BX]]] : memref<8xf32>
// Each thread's writes fenced, the block counted, the last one told.
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: gpu.barrier
// CHECK: %[[COUNT:.*]] = memref.get_global @ks_blocks_done : memref<1xi32>
// CHECK: %[[FLAG:.*]] = memref.get_global @ks_last_block : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: %[[BEFORE:.*]] = memref.atomic_rmw addi %{{.*}}, %[[COUNT]][%{{.*}}] : (i32, memref<1xi32>) -> i32
// CHECK: %[[XY:.*]] = arith.muli %[[GX]], %[[GY]]
// CHECK: %[[BLOCKS:.*]] = arith.muli %[[XY]], %[[GZ]]
// CHECK: %[[LASTID:.*]] = arith.subi %[[BLOCKS]]
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[BEFORE]], %{{.*}} : i32
// CHECK: memref.store %{{.*}}, %[[FLAG]]
// The count goes back to zero for the next launch.
// CHECK: scf.if %[[LAST]] {
// CHECK-NEXT: memref.store %{{.*}}, %[[COUNT]]
// CHECK: gpu.barrier
// CHECK: %[[VERDICT:.*]] = memref.load %[[FLAG]]
// CHECK: %[[GO:.*]] = arith.cmpi ne, %[[VERDICT]]
// CHECK: scf.if %[[GO]] {
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// The tail's body, in the producer's threads, as block 0.
// CHECK: memref.load %{{.*}}[%[[TX]]] : memref<8xf32>
// CHECK: memref.store %{{.*}}, %[[OUT]][%c0{{.*}}] : memref<1xf32>
// CHECK: gpu.terminator
// CHECK-NEXT: } {ks.dispatch = 1 : i64, ks.finishes = array<i64: 2>, ks.skill = "partials"}
// CHECK-NEXT: gpu.dealloc %{{.*}} : memref<8xf32>
// CHECK-NOT: gpu.launch
// CHECK: memref.global "private" @ks_blocks_done : memref<1xi32> = dense<0>
// CHECK: memref.global "private" @ks_last_block : memref<1xi32, #gpu.address_space<workgroup>>
module attributes {ks.finish_in_last_block} {
  func.func @tail_of_a_split_sum(%x: memref<8x32xf32>, %result: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %partials = gpu.alloc () : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %sum = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
          %v = memref.load %x[%bx, %i] : memref<8x32xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        memref.store %sum, %partials[%bx] : memref<8xf32>
      }
      gpu.terminator
    } {ks.dispatch = 1 : i64, ks.skill = "partials"}
    %out = gpu.alloc () : memref<1xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %in = arith.cmpi ult, %tx, %c8 : index
      %v = scf.if %in -> (f32) {
        %p = memref.load %partials[%tx] : memref<8xf32>
        scf.yield %p : f32
      } else {
        scf.yield %zero : f32
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        memref.store %v, %out[%bx] : memref<1xf32>
      }
      gpu.terminator
    } {ks.dispatch = 2 : i64, ks.skill = "fold"}
    gpu.dealloc %partials : memref<8xf32>
    memref.copy %out, %result : memref<1xf32> to memref<1xf32>
    gpu.dealloc %out : memref<1xf32>
    return
  }
}

// -----

// Left alone: a tail of two blocks, a tail of another block size, and a
// tail after a host op with effects (a copy).
// CHECK-LABEL: func.func @not_tails
// CHECK-COUNT-6: gpu.launch blocks
// CHECK-NOT: ks.finishes
// CHECK-NOT: memref.global
module attributes {ks.finish_in_last_block} {
  func.func @not_tails(%a: memref<64xf32>, %b: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<64xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %b[%tx] : memref<64xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<64xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %b[%tx] : memref<64xf32>
      gpu.terminator
    }
    memref.copy %a, %b : memref<64xf32> to memref<64xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<64xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// Without the plan's request nothing moves.
// CHECK-LABEL: func.func @not_asked
// CHECK-COUNT-2: gpu.launch blocks
// CHECK-NOT: ks.finishes
module {
  func.func @not_asked(%a: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<32xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      memref.store %one, %a[%tx] : memref<32xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// Block reductions keep their partials in workgroup buffers: the
// producer's stay, the tail's become new buffers of the producer, apart
// from its own, which the last block may still read.
// CHECK-LABEL: func.func @tail_with_workgroup_buffers
// CHECK: gpu.launch blocks(%{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) workgroup(%[[MINE:.*]] : memref<32xf32, #gpu.address_space<workgroup>>, %[[TAILS:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[MINE]][%[[TX]]] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: llvm.fence syncscope("device") acquire
// CHECK: memref.store %{{.*}}, %[[TAILS]][%[[TX]]] : memref<8xf32, #gpu.address_space<workgroup>>
// CHECK: } {ks.dispatch = 1 : i64, ks.finishes = array<i64: 2>}
// CHECK-NOT: gpu.launch
module attributes {ks.finish_in_last_block} {
  func.func @tail_with_workgroup_buffers(%x: memref<8x32xf32>, %out: memref<8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %partials = gpu.alloc () : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
               workgroup(%slots : memref<32xf32, #gpu.address_space<workgroup>>) {
      %v = memref.load %x[%bx, %tx] : memref<8x32xf32>
      memref.store %v, %slots[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = memref.load %slots[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %first, %partials[%bx] : memref<8xf32>
      gpu.terminator
    } {ks.dispatch = 1 : i64}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
               workgroup(%staged : memref<8xf32, #gpu.address_space<workgroup>>) {
      %in = arith.cmpi ult, %tx, %c8 : index
      scf.if %in {
        %p = memref.load %partials[%tx] : memref<8xf32>
        memref.store %p, %staged[%tx] : memref<8xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %last = memref.load %staged[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %last, %out[%tx] : memref<8xf32>
      gpu.terminator
    } {ks.dispatch = 2 : i64}
    gpu.dealloc %partials : memref<8xf32>
    return
  }
}
