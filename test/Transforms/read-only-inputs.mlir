// RUN: ks-opt %s --ks-read-only-inputs | FileCheck %s
// RUN: ks-opt %s --ks-seed-lowering | FileCheck %s --check-prefix=SEED

// Public functions never write into their tensor arguments; private helpers
// (called with buffers the program owns) and scalars are left alone.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<4x8xf32> {bufferization.writable = false}, %{{.*}}: f32)
// CHECK-LABEL: func.func private @helper(%{{.*}}: tensor<4xf32>)

// An op that updates its input in place (outs = the argument) now writes a
// copy: first a copy kernel from the input into the result, then the update
// on the result. The input is only ever read.
// SEED:       func.func @main(%[[IN:.*]]: memref<4x8xf32>, %{{.*}}: f32, %[[OUT:.*]]: memref<4x8xf32>)
// SEED:         gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%{{.*}} : index, %[[IN]] : memref<4x8xf32>, %[[OUT]] : memref<4x8xf32>)
// SEED-NEXT:    gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%{{.*}} : index, %[[OUT]] : memref<4x8xf32>, %{{.*}} : f32)
// SEED-NOT:     gpu.launch_func
// SEED:         gpu.module @main_kernel
// SEED:           memref.load %{{.*}} : memref<4x8xf32>
// SEED:           memref.store
// SEED:         gpu.module @main_kernel_0
// SEED:           %[[V:.*]] = memref.load
// SEED:           arith.mulf %[[V]]
func.func @main(%a: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      outs(%a : tensor<4x8xf32>) {
  ^bb0(%out: f32):
    %m = arith.mulf %out, %s : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
