// torch.trunc and an integer power (x ** x on i64; a constant exponent such
// as x ** 3 is multiplications, ks-simplify-powers): math ops that neither
// NVVM nor libdevice lower, handled by LLVM intrinsics and a helper function
// that outlining copies into the kernel.
// RUN: ks-opt %s --ks-compile="chip=sm_90 ptx-dir=%t" | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t/main_kernel.sm_90.ptx
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// CHECK-LABEL: func.func @main(%{{.*}}: memref<4x8xf32>, %{{.*}}: memref<4x8xi64>, %{{.*}}: memref<4x8xf32>, %{{.*}}: memref<4x8xi64>)
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}registers
// CHECK:       gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {{{.*}}registers
// PTX:         cvt.rzi.f32.f32
// SEED:        gpu.module @main_kernel_0
// SEED:          gpu.func @main_kernel_0
// SEED:            func.call @__mlir_math_ipowi_i64
// SEED:          func.func private @__mlir_math_ipowi_i64(%{{.*}}: i64, %{{.*}}: i64) -> i64
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi64>) -> (tensor<4x8xf32>, tensor<4x8xi64>) {
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.trunc %in : f32
      linalg.yield %2 : f32
    } -> tensor<4x8xf32>
    %3 = tensor.empty() : tensor<4x8xi64>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x8xi64>) outs(%3 : tensor<4x8xi64>) {
    ^bb0(%in: i64, %out: i64):
      %5 = math.ipowi %in, %in : i64
      linalg.yield %5 : i64
    } -> tensor<4x8xi64>
    return %1, %4 : tensor<4x8xf32>, tensor<4x8xi64>
  }
}
