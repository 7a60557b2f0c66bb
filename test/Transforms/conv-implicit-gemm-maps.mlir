// transform.ks.conv_implicit_gemm on a strided, dilated 3-d convolution and
// on a grouped 2-d one: the contraction's maps. 3-d: loops (n, f, p, k),
// the filter [F, C x KD x KH x KW], the output [N, F, OD x OH x OW], each
// spatial dim of the input p's digit in (OD, OH, OW) times its stride plus
// k's digit in (KD, KH, KW) times its dilation. Grouped: loops (n, g, f, p,
// k), the filter [G, F, K] read at (g, f, k), the output [N, G, F, P].
// RUN: ks-opt %s --transform-interpreter --split-input-file | FileCheck %s

// CHECK-DAG: #[[FILTER3:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[INPUT3:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3 floordiv 18, (d2 floordiv 15) * 2 + ((d3 mod 18) floordiv 6) * 3, ((d2 floordiv 5) mod 3) * 2 + ((d3 mod 6) floordiv 3) * 3, (d2 mod 5) * 2 + (d3 mod 3) * 3)>
// CHECK-DAG: #[[OUTPUT3:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @conv3d
// CHECK: %[[W:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3, 4]] : memref<8x2x3x2x3xf32> into memref<8x36xf32>
// CHECK: %[[Y:.*]] = memref.collapse_shape %arg2 {{\[\[}}0], [1], [2, 3, 4]] : memref<2x8x4x3x5xf32> into memref<2x8x60xf32>
// CHECK: linalg.generic {indexing_maps = [#[[FILTER3]], #[[INPUT3]], #[[OUTPUT3]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[W]], %arg0 : memref<8x36xf32>, memref<2x2x13x8x15xf32>) outs(%[[Y]] : memref<2x8x60xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @conv3d(%x: memref<2x2x13x8x15xf32>, %w: memref<8x2x3x2x3xf32>, %y: memref<2x8x4x3x5xf32>) {
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%x, %w : memref<2x2x13x8x15xf32>, memref<8x2x3x2x3xf32>) outs(%y : memref<2x8x4x3x5xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_3d_ncdhw_fcdhw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-DAG: #[[FILTERG:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d4)>
// CHECK-DAG: #[[INPUTG:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4 floordiv 9, d3 floordiv 8 + (d4 mod 9) floordiv 3, d3 mod 8 + d4 mod 3)>
// CHECK-DAG: #[[OUTPUTG:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @grouped
// CHECK: %[[W:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3, 4]] : memref<4x6x4x3x3xf32> into memref<4x6x36xf32>
// CHECK: %[[Y:.*]] = memref.collapse_shape %arg2 {{\[\[}}0], [1], [2], [3, 4]] : memref<2x4x6x8x8xf32> into memref<2x4x6x64xf32>
// CHECK: linalg.generic {indexing_maps = [#[[FILTERG]], #[[INPUTG]], #[[OUTPUTG]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[W]], %arg0 : memref<4x6x36xf32>, memref<2x4x4x10x10xf32>) outs(%[[Y]] : memref<2x4x6x64xf32>)
func.func @grouped(%x: memref<2x4x4x10x10xf32>, %w: memref<4x6x4x3x3xf32>, %y: memref<2x4x6x8x8xf32>) {
  linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x4x4x10x10xf32>, memref<4x6x4x3x3xf32>) outs(%y : memref<2x4x6x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_ngchw_gfchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
