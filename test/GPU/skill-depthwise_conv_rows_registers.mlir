// REQUIRES: cuda-gpu
// depthwise_conv_rows_registers on a depthwise 1-d convolution of kernel 9
// written as the frontend does (depthwise_conv_2d_nchw_chw over rows of
// width 1: 4 images, 64 channels, 1024 long) matches the CPU reference on
// fresh random inputs: blocks of 256 threads x 4 rows of one channel of
// one image (grid 1 x 64 x 4).
// RUN: ks-run %s --plan=%S/Inputs/plan_depthwise_conv_rows_registers.json --seed=67 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4x64x1024x1xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '1,64,4'
func.func @main(%x: tensor<4x64x1032x1xf32>, %w: tensor<64x9x1xf32>) -> tensor<4x64x1024x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64x1024x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x1024x1xf32>) -> tensor<4x64x1024x1xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<4x64x1032x1xf32>, tensor<64x9x1xf32>) outs(%f : tensor<4x64x1024x1xf32>) -> tensor<4x64x1024x1xf32>
  return %y : tensor<4x64x1024x1xf32>
}
