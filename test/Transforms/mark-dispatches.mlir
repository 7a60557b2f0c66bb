// RUN: ks-opt %s --ks-mark-dispatches | FileCheck %s
// Every linalg op, in walk order across functions, gets its dispatch number.
// CHECK-LABEL: func.func @first
// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK: linalg.matmul {ks.dispatch = 1 : i64}
// CHECK-LABEL: func.func @second
// CHECK: linalg.generic {{.*}}ks.dispatch = 2 : i64
func.func @first(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<4x2xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
  return
}
func.func @second(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  return
}
