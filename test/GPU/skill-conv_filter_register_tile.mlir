// REQUIRES: cuda-gpu
// conv_filter_register_tile on a 3x3 NCHW convolution at a ResNet size (8
// images, 64 -> 64 channels at 56x56, dispatch 1; the fill is dispatch 0)
// matches the CPU reference on fresh random inputs: blocks of all 64
// filters x 56 columns of one row of one image, 28 x 8 threads of 8
// filters x 2 columns, fma sums in registers.
// RUN: ks-run %s --plan=%S/Inputs/plan_conv_filter_register_tile.json --seed=61 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x64x56x56xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '1,56,8'
func.func @main(%x: tensor<8x64x58x58xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<8x64x56x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64x56x56xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%f : tensor<8x64x56x56xf32>) -> tensor<8x64x56x56xf32>
  return %y : tensor<8x64x56x56xf32>
}
