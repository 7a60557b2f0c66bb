// A conv1d with its padding (64 -> 128 channels, kernel 5, padding 2) over
// 16 sequences of 16384, and its bias, as Torch-MLIR writes nn.Conv1d.
func.func @main(%w: tensor<128x64x5xf32>, %b: tensor<128xf32>, %x: tensor<16x64x16384xf32>) -> tensor<16x128x16384xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 2] high[0, 0, 2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<16x64x16384xf32> to tensor<16x64x16388xf32>
  %e = tensor.empty() : tensor<16x128x16384xf32>
  %bias = linalg.broadcast ins(%b : tensor<128xf32>) outs(%e : tensor<16x128x16384xf32>) dimensions = [0, 2]
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>}
      ins(%padded, %w : tensor<16x64x16388xf32>, tensor<128x64x5xf32>) outs(%bias : tensor<16x128x16384xf32>) -> tensor<16x128x16384xf32>
  return %y : tensor<16x128x16384xf32>
}
