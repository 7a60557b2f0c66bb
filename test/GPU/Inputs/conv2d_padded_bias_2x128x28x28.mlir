// level2/10's convolution at batch 2: a padded 3x3 convolution with a bias,
// as Torch-MLIR writes it: 2x128x28x28 -> 2x256x28x28, K = 1152 (36 K
// steps), 1568 output pixels (12 tiles of 128 and a partial one).
func.func @main(%x: tensor<2x128x28x28xf32>, %w: tensor<256x128x3x3xf32>, %b: tensor<256xf32>) -> tensor<2x256x28x28xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x128x28x28xf32> to tensor<2x128x30x30xf32>
  %e = tensor.empty() : tensor<2x256x28x28xf32>
  %init = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<2x256x28x28xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<2x128x30x30xf32>, tensor<256x128x3x3xf32>) outs(%init : tensor<2x256x28x28xf32>) -> tensor<2x256x28x28xf32>
  return %y : tensor<2x256x28x28xf32>
}
