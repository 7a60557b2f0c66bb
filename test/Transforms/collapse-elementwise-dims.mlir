// RUN: ks-opt %s --ks-collapse-elementwise-dims --split-input-file | FileCheck %s

// Batch norm in eval mode as Torch-MLIR writes it: a per-channel scale of
// shape [4, 1, 1] read at (c, 0, 0) over [2, 4, 6, 6]. Its unit dims go
// (read at (c)), then the rows and columns merge: [2, 4, 36].
// CHECK-LABEL: func.func @per_channel
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x6x6xf32>, %[[S:.*]]: tensor<4x1x1xf32>
// CHECK-DAG: %[[XC:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1], [2, 3]] : tensor<2x4x6x6xf32> into tensor<2x4x36xf32>
// CHECK-DAG: %[[SC:.*]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1, 2]] : tensor<4x1x1xf32> into tensor<4xf32>
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[XC]], %[[SC]] : tensor<2x4x36xf32>, tensor<4xf32>)
// CHECK: arith.mulf
// CHECK: tensor.expand_shape %[[Y]] {{\[\[}}0], [1], [2, 3]] output_shape [2, 4, 6, 6] : tensor<2x4x36xf32> into tensor<2x4x6x6xf32>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @per_channel(%x: tensor<2x4x6x6xf32>, %s: tensor<4x1x1xf32>, %init: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
  %y = linalg.generic {indexing_maps = [#id4, #chan, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x4x6x6xf32>, tensor<4x1x1xf32>) outs(%init : tensor<2x4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<2x4x6x6xf32>
  return %y : tensor<2x4x6x6xf32>
}

// -----

// Left alone: an op of three loops (the skills take it as it is), one with
// a loop of extent 1 (computed through reshapes it would lose its buffer to
// bufferization's in-place choice), and a broadcast that only copies its
// input (a GEMM's bias init, matched in its shape).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d1)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @left_alone(%x3: tensor<2x4x36xf32>, %v: tensor<4xf32>, %o3: tensor<2x4x36xf32>,
                      %x1: tensor<1x4x6x6xf32>, %o1: tensor<1x4x6x6xf32>, %o4: tensor<2x4x6x6xf32>)
    -> (tensor<2x4x36xf32>, tensor<1x4x6x6xf32>, tensor<2x4x6x6xf32>) {
  %a = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %v : tensor<2x4x36xf32>, tensor<4xf32>) outs(%o3 : tensor<2x4x36xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<2x4x36xf32>
  %b = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x1, %v : tensor<1x4x6x6xf32>, tensor<4xf32>) outs(%o1 : tensor<1x4x6x6xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<1x4x6x6xf32>
  %c = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%v : tensor<4xf32>) outs(%o4 : tensor<2x4x6x6xf32>) {
  ^bb0(%p: f32, %r: f32):
    linalg.yield %p : f32
  } -> tensor<2x4x6x6xf32>
  return %a, %b, %c : tensor<2x4x36xf32>, tensor<1x4x6x6xf32>, tensor<2x4x6x6xf32>
}
