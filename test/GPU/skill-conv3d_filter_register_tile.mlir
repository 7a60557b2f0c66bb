// REQUIRES: cuda-gpu
// conv3d_filter_register_tile on a 3x3x3 NCDHW convolution (2 images, 8 ->
// 16 channels, 8x32x64 outputs) matches the CPU reference on fresh random
// inputs: blocks of one output row of 64 columns of all 16 filters, 32 x 2
// threads of 8 filters x 2 columns walking the images.
// RUN: ks-run %s --plan=%S/Inputs/plan_conv3d_filter_register_tile.json --seed=61 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 2x16x8x32x64xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '1,32,8'
func.func @main(%x: tensor<2x8x10x34x66xf32>, %w: tensor<16x8x3x3x3xf32>) -> tensor<2x16x8x32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x8x32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x8x32x64xf32>) -> tensor<2x16x8x32x64xf32>
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<2x8x10x34x66xf32>, tensor<16x8x3x3x3xf32>) outs(%f : tensor<2x16x8x32x64xf32>) -> tensor<2x16x8x32x64xf32>
  return %y : tensor<2x16x8x32x64xf32>
}
