// A padded 3x3 convolution, 512 images and 512 filters of 32 channels:
// the pad and the window keep its rows and columns (8, padded to 10) when
// it is shrunk; its batch and filters shrink.
func.func @main(%x: tensor<512x32x8x8xf32>, %w: tensor<512x32x3x3xf32>) -> tensor<512x512x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<512x32x8x8xf32> to tensor<512x32x10x10xf32>
  %e = tensor.empty() : tensor<512x512x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512x8x8xf32>) -> tensor<512x512x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<512x32x10x10xf32>, tensor<512x32x3x3xf32>) outs(%f : tensor<512x512x8x8xf32>) -> tensor<512x512x8x8xf32>
  return %c : tensor<512x512x8x8xf32>
}
