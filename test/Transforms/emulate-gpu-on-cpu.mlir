// ks-emulate-gpu-on-cpu: launches become calls of CPU functions looping over
// blocks and threads; the body is split at barriers and shuffles into thread
// loops; values crossing a split are kept per thread; a loop around a
// barrier runs once per block; shared memory is one buffer.
// RUN: ks-opt %s --split-input-file --ks-emulate-gpu-on-cpu --canonicalize -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @main(
// CHECK-NOT: gpu.
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @k_on_cpu(%c2, %c1, %c1, %arg0, %[[A]])
// CHECK: memref.copy %[[A]], %arg1
// CHECK: memref.dealloc %[[A]]

// CHECK-LABEL: func.func private @k_on_cpu(
// CHECK-SAME: %[[GX:[^:]*]]: index, %{{.*}}: index, %{{.*}}: index, %[[IN:.*]]: memref<64xf32>, %[[OUT:.*]]: memref<64xf32>)
// CHECK-SAME: ks.block_size = array<i64: 32, 1, 1>
// Shared memory: one buffer, allocated before the blocks run.
// CHECK: %[[SMEM:.*]] = memref.alloc() {alignment = 16 : i64} : memref<128xi8>
// CHECK: scf.for %{{.*}} = %c0 to %[[GX]] step %c1 {
// The initial sum, kept per thread. Each thread's stack is released when it
// ends (private arrays would pile up across the grid).
// CHECK: scf.for %[[T0:.*]] = %c0 to %c32 step %c1 {
// CHECK-NEXT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK:   memref.store %cst, %[[SUM:.*]][%[[T0]]] : memref<32xf32>
// CHECK-NEXT: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// The loop with barriers runs once per block, around three thread loops.
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1 {
// CHECK:   scf.for %[[T1:.*]] = %c0 to %c32 step %c1 {
// CHECK:     memref.load %[[IN]]
// CHECK:     %[[V1:.*]] = memref.view %[[SMEM]]
// CHECK:     memref.store {{.*}}, %[[V1]][%[[T1]]] : memref<32xf32>
// CHECK:   }
// CHECK:   scf.for %[[T2:.*]] = %c0 to %c32 step %c1 {
// CHECK:     %[[R:.*]] = arith.subi %c31, %[[T2]]
// CHECK:     %[[V2:.*]] = memref.view %[[SMEM]]
// CHECK:     memref.load %[[V2]][%[[R]]]
// CHECK:     memref.store
// CHECK:   }
// CHECK:   scf.for %[[T3:.*]] = %c0 to %c32 step %c1 {
// CHECK:     memref.load %[[SUM]][%[[T3]]]
// CHECK:     arith.addf
// CHECK:     memref.store %{{.*}}, %[[SUM]][%[[T3]]]
// CHECK:   }
// CHECK: }
// The shuffle: every lane hands its value over, then reads its partner's.
// CHECK: scf.for %[[T4:.*]] = %c0 to %c32 step %c1 {
// CHECK:   %[[V:.*]] = memref.load %[[SUM]][%[[T4]]]
// CHECK:   memref.store %[[V]], %[[HAND:.*]][%[[T4]]]
// CHECK: scf.for %[[T5:.*]] = %c0 to %c32 step %c1 {
// CHECK:   %[[LANE:.*]] = arith.remui %[[T5]], %c32
// CHECK:   arith.xori %[[LANE]], %c16
// CHECK:   %[[SRC:.*]] = arith.select
// CHECK:   %[[OTHER:.*]] = memref.load %[[HAND]][%[[SRC]]]
// CHECK:   %[[MINE:.*]] = memref.load %[[SUM]][%[[T5]]]
// CHECK:   arith.addf %[[MINE]], %[[OTHER]]
// CHECK:   memref.store {{.*}}, %[[OUT]]
// CHECK: memref.dealloc %[[SMEM]]
module attributes {gpu.container_module} {
  func.func @main(%in: memref<64xf32>, %out: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %tmp = gpu.alloc () : memref<64xf32>
    gpu.launch_func @k::@k blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<64xf32>, %tmp : memref<64xf32>)
    gpu.memcpy %out, %tmp : memref<64xf32>, memref<64xf32>
    gpu.dealloc %tmp : memref<64xf32>
    return
  }
  gpu.module @k {
    memref.global "private" @smem : memref<128xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
    gpu.func @k(%in: memref<64xf32>, %out: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c16_i32 = arith.constant 16 : i32
      %c32_i32 = arith.constant 32 : i32
      %zero = arith.constant 0.0 : f32
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %g = memref.get_global @smem : memref<128xi8, #gpu.address_space<workgroup>>
      %s = memref.view %g[%c0][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<32xf32, #gpu.address_space<workgroup>>
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %in[%i] : memref<64xf32>
        memref.store %x, %s[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %r = arith.subi %c32, %tx : index
        %j = arith.subi %r, %c1 : index
        %y = memref.load %s[%j] : memref<32xf32, #gpu.address_space<workgroup>>
        %a = arith.addf %acc, %y : f32
        gpu.barrier
        scf.yield %a : f32
      }
      %other, %valid = gpu.shuffle xor %sum, %c16_i32, %c32_i32 : f32
      %t = arith.addf %sum, %other : f32
      memref.store %t, %out[%i] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<64xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%out: memref<64xf32>) kernel {
      %c16 = arith.constant 16 : index
      %tx = gpu.thread_id x
      %low = arith.cmpi ult, %tx, %c16 : index
      // expected-error @below {{'scf.if' op cannot run on the CPU: it contains a barrier or shuffle that threads may reach a different number of times}}
      scf.if %low {
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<64xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%out: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %tx = gpu.thread_id x
      // expected-error @below {{'scf.for' op cannot run on the CPU: it synchronizes threads inside a loop whose bounds may differ between threads}}
      scf.for %k = %c0 to %tx step %c1 {
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<64xi32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%out: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @below {{'nvvm.read.ptx.sreg.clock' op cannot run on the CPU: no CPU equivalent}}
      %t = nvvm.read.ptx.sreg.clock : i32
      memref.store %t, %out[%c0] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @main(%out: memref<64xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'gpu.launch_func' op cannot run on the CPU: the block size is not a constant}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%out : memref<64xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%out: memref<64xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// A workgroup attribution (a block's shared slot) is a buffer allocated
// before the blocks run, as a workgroup global is: thread 0 stores to it,
// every thread reads it after the barrier.
// CHECK-LABEL: func.func private @k_on_cpu(
// CHECK-SAME: %{{[^:]*}}: index, %{{.*}}: index, %{{.*}}: index, %[[OUT:.*]]: memref<32xf32>)
// CHECK: %[[SLOT:.*]] = memref.alloc() : memref<1xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[SLOT]][%c0]
// CHECK: scf.for %[[T:.*]] = %c0 to %c32
// CHECK:   %[[V:.*]] = memref.load %[[SLOT]][%c0]
// CHECK:   memref.store %[[V]], %[[OUT]][%[[T]]]
// CHECK: memref.dealloc %[[SLOT]]
module attributes {gpu.container_module} {
  func.func @main(%out: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<32xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%out: memref<32xf32>) workgroup(%slot : memref<1xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cst = arith.constant 2.5 : f32
      %tx = gpu.thread_id x
      %first = arith.cmpi ult, %tx, %c1 : index
      scf.if %first {
        memref.store %cst, %slot[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %v = memref.load %slot[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
