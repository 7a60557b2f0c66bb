// ks-fuse-elementwise on generics without results: Torch-MLIR's inference
// batch norm checks its reciprocal's input with a cf.assert, and once fusion
// moves the division into its reader, the check is left as a generic whose
// unused result was dropped (the assert keeps it alive). The patterns rooted
// at generics must skip it rather than read a result it does not have.
// RUN: ks-opt %s --ks-fuse-elementwise -verify-each --split-input-file | FileCheck %s

#id1 = affine_map<(d0) -> (d0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>

// The normalization fuses into one kernel; the check stays a generic of its
// own, with no result.
// CHECK-LABEL: func.func @batch_norm_scale
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4x1x1xf32>) {
// CHECK: cf.assert
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: }
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK: arith.divf
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: return %[[Y]]
func.func @batch_norm_scale(%x: tensor<2x4x3x3xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %eps = arith.constant 1.0e-05 : f64
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %e4 = tensor.empty() : tensor<2x4x3x3xf32>
  %a = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%var : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %t : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.sqrt %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %c = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %r = arith.divf %one, %in : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %c3 = tensor.expand_shape %c [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %d = linalg.generic {indexing_maps = [#id4, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %m3 : tensor<2x4x3x3xf32>, tensor<4x1x1xf32>) outs(%e4 : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.subf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x3x3xf32>
  %y = linalg.generic {indexing_maps = [#id4, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d, %c3 : tensor<2x4x3x3xf32>, tensor<4x1x1xf32>) outs(%e4 : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %r: f32, %out: f32):
    %s = arith.mulf %in, %r : f32
    linalg.yield %s : f32
  } -> tensor<2x4x3x3xf32>
  return %y : tensor<2x4x3x3xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>

// A generic without results in the input is left as it is.
// CHECK-LABEL: func.func @assert_only
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<64xf32>) {
// CHECK: cf.assert %{{.*}}, "zero"
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @assert_only(%x: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) {
  ^bb0(%in: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "zero"
    linalg.yield
  }
  return %x : tensor<64xf32>
}
