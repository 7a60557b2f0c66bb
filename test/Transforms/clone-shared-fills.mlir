// RUN: ks-opt %s --ks-clone-shared-fills | FileCheck %s
// RUN: ks-opt %s --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: ks-run %s --emulate-gpu --seed=83 | FileCheck %s --check-prefix=EMULATED

// Two layers of an MLP as Torch-MLIR writes them after CSE: both GEMMs
// start from one zero fill. Each gets a fill of its own, placed before it;
// the add that reads the fill as an input keeps the original. Each clone
// fills a tensor.empty of its own, so that bufferization gives each GEMM a
// buffer of its own.
// CHECK-LABEL: func.func @main
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK: %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<64x32xf32>)
// CHECK-NEXT: %[[EMPTY0:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK-NEXT: %[[FILL0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY0]] : tensor<64x32xf32>)
// CHECK-NEXT: %[[A:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x16xf32>, tensor<16x32xf32>) outs(%[[FILL0]] : tensor<64x32xf32>)
// CHECK: %[[RELU:.*]] = linalg.generic
// CHECK: %[[EMPTY1:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK-NEXT: %[[FILL1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY1]] : tensor<64x32xf32>)
// CHECK-NEXT: %[[B:.*]] = linalg.matmul ins(%[[RELU]], %{{.*}} : tensor<64x32xf32>, tensor<32x32xf32>) outs(%[[FILL1]] : tensor<64x32xf32>)
// CHECK: linalg.add ins(%[[B]], %[[ZERO]] : tensor<64x32xf32>, tensor<64x32xf32>)

// Bufferized, each GEMM's buffer is filled in place: no copy of a filled
// buffer into another before a GEMM.
// DISPATCH-LABEL: func.func @main
// DISPATCH-NOT: linalg.copy
// DISPATCH: linalg.fill {ks.dispatch = 0 : i64} ins(%{{.*}} : f32) outs(%[[ZERO:.*]] : memref<64x32xf32>)
// DISPATCH: linalg.fill {ks.dispatch = 1 : i64} ins(%{{.*}} : f32) outs(%[[OUT0:.*]] : memref<64x32xf32>)
// DISPATCH-NEXT: linalg.matmul {ks.dispatch = 2 : i64} {{.*}} outs(%[[OUT0]] : memref<64x32xf32>)
// DISPATCH-NOT: linalg.copy
// DISPATCH: linalg.fill {ks.dispatch = 4 : i64} ins(%{{.*}} : f32) outs(%[[OUT1:.*]] : memref<64x32xf32>)
// DISPATCH-NEXT: linalg.matmul {ks.dispatch = 5 : i64} {{.*}} outs(%[[OUT1]] : memref<64x32xf32>)
// DISPATCH-NEXT: linalg.add {ks.dispatch = 6 : i64} ins(%[[OUT1]], %[[ZERO]] : {{.*}})
// DISPATCH-NOT: linalg.copy
// DISPATCH: return
func.func @main(%x: tensor<64x16xf32>, %w0: tensor<16x32xf32>, %w1: tensor<32x32xf32>) -> tensor<64x32xf32> {
  %c0 = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x32xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
  %a = linalg.matmul ins(%x, %w0 : tensor<64x16xf32>, tensor<16x32xf32>) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x32xf32>) outs(%empty : tensor<64x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %b = linalg.matmul ins(%relu, %w1 : tensor<64x32xf32>, tensor<32x32xf32>) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
  %sum = linalg.add ins(%b, %zero : tensor<64x32xf32>, tensor<64x32xf32>) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %sum : tensor<64x32xf32>
}

// EMULATED: output #0 64x32xf32: match

// Two padded copies of one input (tensor.pad as Torch-MLIR lowers it: a
// fill, the source inserted into a window) keep their one fill: the skills
// that read padding in place know each as a copy of a filled buffer.
// CHECK-LABEL: func.func @padded_twice
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
func.func @padded_twice(%x: tensor<4x8xf32>) -> (tensor<6x10xf32>, tensor<6x10xf32>) {
  %c0 = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<6x10xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<6x10xf32>) -> tensor<6x10xf32>
  %a = tensor.insert_slice %x into %zero[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  %b = tensor.insert_slice %x into %zero[2, 2] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %a, %b : tensor<6x10xf32>, tensor<6x10xf32>
}
