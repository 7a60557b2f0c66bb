// A 1-D convolution, NCW, window 5: 2 images of 8 channels at 68 into 16 channels at 64.
func.func @main(%x: tensor<2x8x68xf32>, %w: tensor<16x8x5xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<2x8x68xf32>, tensor<16x8x5xf32>) outs(%f : tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
  return %y : tensor<2x16x64xf32>
}
