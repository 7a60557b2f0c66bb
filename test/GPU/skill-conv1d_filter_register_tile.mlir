// REQUIRES: cuda-gpu
// conv1d_filter_register_tile on a 1-D NCW convolution (8 images, 32 -> 64
// channels, window 5, 1024 outputs) matches the CPU reference on fresh
// random inputs: blocks of one image, 8 filters and 128 columns, 32
// threads of 8 filters x 4 columns.
// RUN: ks-run %s --plan=%S/Inputs/plan_conv1d_filter_register_tile.json --seed=61 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x64x1024xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '8,8,8'
func.func @main(%x: tensor<8x32x1028xf32>, %w: tensor<64x32x5xf32>) -> tensor<8x64x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64x1024xf32>) -> tensor<8x64x1024xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<8x32x1028xf32>, tensor<64x32x5xf32>) outs(%f : tensor<8x64x1024xf32>) -> tensor<8x64x1024xf32>
  return %y : tensor<8x64x1024xf32>
}
