// RUN: ks-opt %s --ks-mark-l1-no-allocate --split-input-file --verify-diagnostics | FileCheck %s
// RUN: ks-opt %s --ks-mark-l1-no-allocate --ks-outline-kernels --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=OUTLINED

// The module asks for dispatches 2 and 3: dispatch 2's launch (its own
// ks.dispatch) and dispatch 3's seed kernel (named in the host function's
// ks.kernel_dispatches) are marked, dispatch 1's is not; the request is
// consumed. Outlining keeps the mark on the kernels.
// CHECK-LABEL: module {
// CHECK: gpu.launch
// CHECK: } {ks.dispatch = 1 : i64}
// CHECK: gpu.launch
// CHECK: } {ks.dispatch = 2 : i64, ks.l1_no_allocate}
// CHECK: gpu.launch
// CHECK: } {ks.l1_no_allocate}
// OUTLINED: gpu.module @reduce_kernel
// OUTLINED-NEXT: gpu.func @reduce_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 64, 1, 1>} {
// OUTLINED: gpu.module @reduce_kernel_0
// OUTLINED-NEXT: gpu.func @reduce_kernel({{.*}}) kernel attributes {{{.*}}ks.l1_no_allocate}
// OUTLINED: gpu.module @apply_kernel
// OUTLINED-NEXT: gpu.func @apply_kernel({{.*}}) kernel attributes {{{.*}}ks.l1_no_allocate}
module attributes {ks.l1_no_allocate = array<i64: 2, 3>} {
  func.func @reduce(%x: memref<64xf32>, %y: memref<64xf32>)
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
      %v = memref.load %x[%bx] : memref<64xf32>
      memref.store %v, %y[%bx] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// A dispatch no kernel computes is an error naming it.
// expected-error @+1 {{l1_no_allocate: no kernel computes dispatch 7 (it is not in the program, or runs in another dispatch's kernel)}}
module attributes {ks.l1_no_allocate = array<i64: 7>} {
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
