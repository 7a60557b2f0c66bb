// REQUIRES: cuda-gpu
// depthwise_conv_registers on a depthwise 3x3 NCHW convolution (4 images,
// 64 channels at 56x56) matches the CPU reference on fresh random inputs:
// blocks of 4 whole rows of one channel of one image, 28 threads of 4
// rows x 2 columns.
// RUN: ks-run %s --plan=%S/Inputs/plan_depthwise_conv_registers.json --seed=61 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4x64x56x56xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '14,64,4'
func.func @main(%x: tensor<4x64x58x58xf32>, %w: tensor<64x3x3xf32>) -> tensor<4x64x56x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64x56x56xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x56x56xf32>) -> tensor<4x64x56x56xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<4x64x58x58xf32>, tensor<64x3x3xf32>) outs(%f : tensor<4x64x56x56xf32>) -> tensor<4x64x56x56xf32>
  return %y : tensor<4x64x56x56xf32>
}
