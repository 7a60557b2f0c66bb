// REQUIRES: cuda-gpu
// conv_filter_register_tile on LeNet's two convolutions, biases included
// (64 images; 1 -> 6 channels on 32x32, then 6 -> 16 on 14x14, both 5x5):
// 6 and 16 filters as 3 x 2 and 16 x 1 per block column, rows of 28 and
// 10 outputs. The GPU results match the CPU reference on fresh random
// inputs.
// RUN: ks-run %s --plan=%S/Inputs/plan_conv_filter_register_tile_lenet.json --seed=71 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 64x6x28x28xf32: match" %t.log
// RUN: grep -q "output #1 64x16x10x10xf32: match" %t.log
func.func @main(%x: tensor<64x1x32x32xf32>, %w1: tensor<6x1x5x5xf32>, %b1: tensor<6xf32>,
                %h: tensor<64x6x14x14xf32>, %w2: tensor<16x6x5x5xf32>, %b2: tensor<16xf32>)
    -> (tensor<64x6x28x28xf32>, tensor<64x16x10x10xf32>) {
  %e1 = tensor.empty() : tensor<64x6x28x28xf32>
  %i1 = linalg.broadcast ins(%b1 : tensor<6xf32>) outs(%e1 : tensor<64x6x28x28xf32>) dimensions = [0, 2, 3]
  %y1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w1 : tensor<64x1x32x32xf32>, tensor<6x1x5x5xf32>) outs(%i1 : tensor<64x6x28x28xf32>) -> tensor<64x6x28x28xf32>
  %e2 = tensor.empty() : tensor<64x16x10x10xf32>
  %i2 = linalg.broadcast ins(%b2 : tensor<16xf32>) outs(%e2 : tensor<64x16x10x10xf32>) dimensions = [0, 2, 3]
  %y2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%h, %w2 : tensor<64x6x14x14xf32>, tensor<16x6x5x5xf32>) outs(%i2 : tensor<64x16x10x10xf32>) -> tensor<64x16x10x10xf32>
  return %y1, %y2 : tensor<64x6x28x28xf32>, tensor<64x16x10x10xf32>
}
