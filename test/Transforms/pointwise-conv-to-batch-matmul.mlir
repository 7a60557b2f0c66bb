// RUN: ks-opt %s --ks-pointwise-conv-to-batch-matmul --split-input-file | FileCheck %s
// Numerics against PyTorch: level1/12_conv2d_pointwise in
// test/Frontend/problems-cpu-check.test.

// A 1x1 convolution with unit strides onto a bias: per image, W[8, 4] times
// X[4, 6*10], accumulated onto the bias broadcast (collapsed alike), the
// result expanded back to 2x8x6x10.
// CHECK-LABEL: func.func @pointwise
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x6x10xf32>, %[[W:.*]]: tensor<8x4x1x1xf32>, %[[INIT:.*]]: tensor<2x8x6x10xf32>)
// CHECK: %[[W2:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<8x4x1x1xf32> into tensor<8x4xf32>
// CHECK: %[[WB:.*]] = linalg.broadcast ins(%[[W2]] : tensor<8x4xf32>) outs(%{{.*}} : tensor<2x8x4xf32>) dimensions = [0]
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<2x4x6x10xf32> into tensor<2x4x60xf32>
// CHECK: %[[I2:.*]] = tensor.collapse_shape %[[INIT]] {{\[}}[0], [1], [2, 3]] : tensor<2x8x6x10xf32> into tensor<2x8x60xf32>
// CHECK: %[[MM:.*]] = linalg.batch_matmul ins(%[[WB]], %[[X2]] : tensor<2x8x4xf32>, tensor<2x4x60xf32>) outs(%[[I2]] : tensor<2x8x60xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MM]] {{\[}}[0], [1], [2, 3]] output_shape [2, 8, 6, 10]
// CHECK: return %[[R]]
// CHECK-NOT: linalg.conv
func.func @pointwise(%x: tensor<2x4x6x10xf32>, %w: tensor<8x4x1x1xf32>, %init: tensor<2x8x6x10xf32>) -> tensor<2x8x6x10xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<2x4x6x10xf32>, tensor<8x4x1x1xf32>) outs(%init : tensor<2x8x6x10xf32>) -> tensor<2x8x6x10xf32>
  return %r : tensor<2x8x6x10xf32>
}

// -----

// A 3x3 filter, and a strided 1x1 one (it reads every other pixel): left
// as convolutions.
// CHECK-LABEL: func.func @not_pointwise
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.batch_matmul
func.func @not_pointwise(%x: tensor<2x4x8x12xf32>, %w3: tensor<8x4x3x3xf32>, %i3: tensor<2x8x6x10xf32>,
                         %w1: tensor<8x4x1x1xf32>, %i1: tensor<2x8x4x6xf32>) -> (tensor<2x8x6x10xf32>, tensor<2x8x4x6xf32>) {
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w3 : tensor<2x4x8x12xf32>, tensor<8x4x3x3xf32>) outs(%i3 : tensor<2x8x6x10xf32>) -> tensor<2x8x6x10xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w1 : tensor<2x4x8x12xf32>, tensor<8x4x1x1xf32>) outs(%i1 : tensor<2x8x4x6xf32>) -> tensor<2x8x4x6xf32>
  return %a, %b : tensor<2x8x6x10xf32>, tensor<2x8x4x6xf32>
}
