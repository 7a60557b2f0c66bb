// RUN: ks-opt %s --ks-mark-invariant-args --split-input-file --verify-diagnostics | FileCheck %s

// A layer norm's apply as outlined: %x, %w and the global %scale are only
// read; %out is written, and %stats through a view the kernel takes; %flat
// is only read, but the launch passes a view of %out for it, which the
// kernel writes. Two host arguments are distinct buffers.
// CHECK-LABEL: gpu.func @apply
// CHECK-SAME: ks.arg_ranks = array<i64: 2, 1, 1, 1, 2, -1, 1>
// CHECK-SAME: ks.invariant_args = array<i64: 0, 1, 6>
// CHECK-NOT: ks.invariant_loads
module attributes {gpu.container_module, ks.invariant_loads = array<i64: 1>} {
  memref.global "private" constant @scale : memref<64xf32> = dense<1.0>
  func.func @main(%x: memref<4x64xf32>, %w: memref<64xf32>, %out: memref<4x64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %eps = arith.constant 1.0e-5 : f32
    %stats = gpu.alloc () : memref<8xf32>
    %flat = memref.collapse_shape %out [[0, 1]] : memref<4x64xf32> into memref<256xf32>
    %scale = memref.get_global @scale : memref<64xf32>
    gpu.launch_func @apply::@apply blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<4x64xf32>, %w : memref<64xf32>, %stats : memref<8xf32>,
             %flat : memref<256xf32>, %out : memref<4x64xf32>, %eps : f32, %scale : memref<64xf32>)
    gpu.dealloc %stats : memref<8xf32>
    return
  }
  gpu.module @apply attributes {ks.dispatch = 1 : i64} {
    gpu.func @apply(%x: memref<4x64xf32>, %w: memref<64xf32>, %stats: memref<8xf32>,
                    %flat: memref<256xf32>, %out: memref<4x64xf32>, %eps: f32,
                    %scale: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %v = memref.load %x[%c0, %t] : memref<4x64xf32>
      %g = memref.load %w[%t] : memref<64xf32>
      %m = memref.load %stats[%c0] : memref<8xf32>
      %s = memref.load %scale[%t] : memref<64xf32>
      %d = arith.subf %v, %m : f32
      %e = arith.mulf %d, %g : f32
      %q = memref.load %flat[%t] : memref<256xf32>
      %r = arith.addf %e, %q : f32
      %f = arith.mulf %r, %s : f32
      memref.store %f, %out[%c0, %t] : memref<4x64xf32>
      %view = memref.subview %stats[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
      memref.store %eps, %view[%c1] : memref<4xf32, strided<[1]>>
      gpu.return
    }
  }
}

// -----

// Not asked for (no ks.invariant_loads): kernels are left alone.
// CHECK-LABEL: gpu.func @copy
// CHECK-NOT: ks.invariant_args
module attributes {gpu.container_module} {
  func.func @main(%x: memref<64xf32>, %y: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @copy::@copy blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<64xf32>, %y : memref<64xf32>)
    return
  }
  gpu.module @copy attributes {ks.dispatch = 1 : i64} {
    gpu.func @copy(%x: memref<64xf32>, %y: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      memref.store %v, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// The same buffer read and written through two arguments: neither is
// invariant. A call the kernel makes with a buffer counts as a write, and
// so does an address taken as an index (inline PTX may store through it).
// CHECK-LABEL: gpu.func @in_place
// CHECK-SAME: ks.invariant_args = array<i64>
module attributes {gpu.container_module, ks.invariant_loads = array<i64: 2>} {
  func.func @main(%x: memref<64xf32>, %z: memref<64xf32>, %p: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @in_place::@in_place blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<64xf32>, %x : memref<64xf32>, %z : memref<64xf32>, %p : memref<64xf32>)
    return
  }
  gpu.module @in_place attributes {ks.dispatch = 2 : i64} {
    func.func private @touch(memref<64xf32>)
    gpu.func @in_place(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>,
                       %d: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %address = memref.extract_aligned_pointer_as_index %d : memref<64xf32> -> index
      %v = memref.load %a[%t] : memref<64xf32>
      memref.store %v, %b[%t] : memref<64xf32>
      func.call @touch(%c) : (memref<64xf32>) -> ()
      gpu.return
    }
  }
}

// -----

// A buffer a host call returns may be any buffer, the written one too: not
// invariant beside a written argument; a host argument is.
// CHECK-LABEL: gpu.func @unknown_root
// CHECK-SAME: ks.invariant_args = array<i64: 1>
module attributes {gpu.container_module, ks.invariant_loads = array<i64: 3>} {
  func.func private @make() -> memref<64xf32>
  func.func @main(%x: memref<64xf32>, %y: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %m = func.call @make() : () -> memref<64xf32>
    gpu.launch_func @unknown_root::@unknown_root blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%m : memref<64xf32>, %x : memref<64xf32>, %y : memref<64xf32>)
    return
  }
  gpu.module @unknown_root attributes {ks.dispatch = 3 : i64} {
    gpu.func @unknown_root(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %u = memref.load %a[%t] : memref<64xf32>
      %v = memref.load %b[%t] : memref<64xf32>
      %w = arith.addf %u, %v : f32
      memref.store %w, %c[%t] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// expected-error @below {{the plan's "invariant_loads" names dispatch 7, which no kernel computes}}
module attributes {gpu.container_module, ks.invariant_loads = array<i64: 7>} {
  func.func @main() {
    return
  }
}
