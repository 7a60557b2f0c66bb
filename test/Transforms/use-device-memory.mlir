// RUN: ks-opt %s --ks-use-device-memory | FileCheck %s

// Host buffers become device allocations, freed right after the last op that
// uses them, also when that use goes through a view.

// CHECK-LABEL: func.func @intermediates
// CHECK-NOT:     memref.alloc
// CHECK:         %[[A:.*]] = gpu.alloc () : memref<4x8xf32>
// CHECK:         %[[B:.*]] = gpu.alloc () : memref<32xf32>
// CHECK:         gpu.launch {{.*}}
// CHECK:           memref.store %{{.*}}, %[[A]]
// CHECK:         gpu.launch {{.*}}
// CHECK:           memref.store %{{.*}}, %[[B]]
// CHECK:         %[[V:.*]] = memref.collapse_shape %[[A]]
// CHECK:         gpu.launch {{.*}}
// CHECK:           memref.load %[[V]]
// CHECK:           memref.load %[[B]]
// CHECK:         }
// CHECK-NEXT:    gpu.dealloc %[[B]] : memref<32xf32>
// CHECK-NEXT:    gpu.dealloc %[[A]] : memref<4x8xf32>
// CHECK-NEXT:    gpu.launch
// CHECK-NOT:       %[[A]]
// CHECK:         return
func.func @intermediates(%out: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    memref.store %f, %a[%c0, %c0] : memref<4x8xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    memref.store %f, %b[%c0] : memref<32xf32>
    gpu.terminator
  }
  %view = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %p = memref.load %view[%c0] : memref<32xf32>
    %q = memref.load %b[%c0] : memref<32xf32>
    %s = arith.addf %p, %q : f32
    memref.store %s, %out[%c0] : memref<32xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    memref.store %f, %out[%c0] : memref<32xf32>
    gpu.terminator
  }
  return
}

// A buffer handed back to the caller is not freed here.
// CHECK-LABEL: func.func @escapes
// CHECK:         %[[R:.*]] = gpu.alloc () : memref<8xf32>
// CHECK-NOT:     gpu.dealloc
// CHECK:         return %[[R]]
func.func @escapes() -> memref<8xf32> {
  %r = memref.alloc() : memref<8xf32>
  return %r : memref<8xf32>
}

// An explicit free becomes a device free.
// CHECK-LABEL: func.func @explicit_free
// CHECK:         %[[T:.*]] = gpu.alloc () : memref<8xf32>
// CHECK-NEXT:    gpu.dealloc %[[T]] : memref<8xf32>
// CHECK-NOT:     memref.dealloc
func.func @explicit_free() {
  %t = memref.alloc() : memref<8xf32>
  memref.dealloc %t : memref<8xf32>
  return
}
