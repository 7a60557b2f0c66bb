// transform.apply_patterns.ks.fuse_multiply_add: a multiply used only by an
// add becomes one math.fma (either operand order, scalars and vectors); a
// product with another use, a subtraction and integer arithmetic stay, and
// so does the body of a named linalg op (a matmul's defines it), not a
// generic's.
// RUN: ks-opt %s --transform-interpreter | FileCheck %s

// CHECK-LABEL: func.func @mac
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK: %[[F:.*]] = math.fma %[[A]], %[[B]], %[[C]] : f32
// CHECK: %[[G:.*]] = math.fma %[[A]], %[[C]], %[[F]] : f32
// CHECK: return %[[G]]
func.func @mac(%a: f32, %b: f32, %c: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  %s = arith.addf %c, %p : f32
  %q = arith.mulf %a, %c : f32
  %t = arith.addf %q, %s : f32
  return %t : f32
}

// CHECK-LABEL: func.func @vector
// CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NOT: arith.mulf
func.func @vector(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<4xf32>) -> vector<4xf32> {
  %p = arith.mulf %a, %b : vector<4xf32>
  %s = arith.addf %p, %c : vector<4xf32>
  return %s : vector<4xf32>
}

// The product is also returned: fusing would compute it twice.
// CHECK-LABEL: func.func @shared_product
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: arith.addf %{{.*}}, %[[P]]
// CHECK-NOT: math.fma
func.func @shared_product(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %p = arith.mulf %a, %b : f32
  %s = arith.addf %c, %p : f32
  return %s, %p : f32, f32
}

// CHECK-LABEL: func.func @not_an_add
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK-NOT: math.fma
func.func @not_an_add(%a: f32, %b: f32, %i: i32, %j: i32) -> (f32, i32) {
  %p = arith.mulf %a, %b : f32
  %s = arith.subf %a, %p : f32
  %q = arith.muli %i, %j : i32
  %t = arith.addi %q, %i : i32
  return %s, %t : f32, i32
}

// CHECK-LABEL: func.func @linalg_bodies
// CHECK: linalg.matmul ins
// CHECK: linalg.generic
// CHECK: math.fma
func.func @linalg_bodies(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %funcs = transform.structured.match ops{["func.func"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.ks.fuse_multiply_add
    } : !transform.any_op
    transform.yield
  }
}
