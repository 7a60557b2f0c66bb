// A depthwise 3x3 convolution, NCHW: 2 images of 8 channels at 10x66 into 8x64, one filter per channel.
func.func @main(%x: tensor<2x8x10x66xf32>, %w: tensor<8x3x3xf32>) -> tensor<2x8x8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x10x66xf32>, tensor<8x3x3xf32>) outs(%f : tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
  return %y : tensor<2x8x8x64xf32>
}
