// REQUIRES: cuda-gpu
// grouped_conv_filter_register_tile on a grouped 3x3 NGCHW convolution (4
// images, 4 groups of 16 -> 32 channels, 28x56 outputs) matches the CPU
// reference on fresh random inputs: blocks of a whole row of one group's
// 32 filters of one image, 28 x 4 threads of 8 filters x 2 columns.
// RUN: ks-run %s --plan=%S/Inputs/plan_grouped_conv_filter_register_tile.json --seed=61 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4x4x32x28x56xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '4,28,4'
func.func @main(%x: tensor<4x4x16x30x58xf32>, %w: tensor<4x32x16x3x3xf32>) -> tensor<4x4x32x28x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4x32x28x56xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4x32x28x56xf32>) -> tensor<4x4x32x28x56xf32>
  %y = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<4x4x16x30x58xf32>, tensor<4x32x16x3x3xf32>) outs(%f : tensor<4x4x32x28x56xf32>) -> tensor<4x4x32x28x56xf32>
  return %y : tensor<4x4x32x28x56xf32>
}
