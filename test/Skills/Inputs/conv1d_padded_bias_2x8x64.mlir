// nn.Conv1d(8, 12, 5, padding=2) as Torch-MLIR lowers it: the input padded
// by 2 zeros at both ends (tensor.pad, dispatches 0 and 1 once bufferized),
// the bias broadcast over the output (dispatch 2), the convolution onto it
// (dispatch 3). 12 filters and K = 8 x 5 = 40 leave partial GEMM tiles.
func.func @main(%w: tensor<12x8x5xf32>, %b: tensor<12xf32>, %x: tensor<2x8x64xf32>) -> tensor<2x12x64xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 2] high[0, 0, 2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x8x64xf32> to tensor<2x8x68xf32>
  %e = tensor.empty() : tensor<2x12x64xf32>
  %bias = linalg.broadcast ins(%b : tensor<12xf32>) outs(%e : tensor<2x12x64xf32>) dimensions = [0, 2]
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>}
      ins(%padded, %w : tensor<2x8x68xf32>, tensor<12x8x5xf32>) outs(%bias : tensor<2x12x64xf32>) -> tensor<2x12x64xf32>
  return %y : tensor<2x12x64xf32>
}
