// Outlining keeps each launch's nvvm.* attributes on its kernel (upstream's
// outlining drops them): the second of three launches asks for at least 3
// blocks per SM and at most 64 registers a thread, the others ask nothing;
// other attributes stay behind. Through a skill (matmul_fma_pipelined with
// MINB = 4) the bound reaches the PTX as .minnctapersm.
// RUN: ks-opt %s --ks-outline-kernels | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_fma_pipelined", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "TM": 4, "TN": 8, "S": 3, "MINB": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/../Skills/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx

// CHECK: gpu.launch_func @main_kernel::@main_kernel
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel
// CHECK: gpu.launch_func @main_kernel_1::@main_kernel
// CHECK: gpu.module @main_kernel
// CHECK-NEXT: gpu.func @main_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
// CHECK: gpu.module @main_kernel_0
// CHECK-NEXT: gpu.func @main_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, nvvm.maxnreg = 64 : i32, nvvm.minctasm = 3 : i32} {
// CHECK: gpu.module @main_kernel_1
// CHECK-NEXT: gpu.func @main_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
// CHECK-NOT: ks.other

// PTX: .maxntid 128, 1, 1
// PTX-NEXT: .minnctapersm 4
module attributes {gpu.container_module} {
func.func @main(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    memref.store %f, %m[%c0] : memref<4xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    memref.store %f, %m[%c1] : memref<4xf32>
    gpu.terminator
  } {nvvm.minctasm = 3 : i32, nvvm.maxnreg = 64 : i32, ks.other}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    memref.store %f, %m[%c0] : memref<4xf32>
    gpu.terminator
  }
  return
}
}
