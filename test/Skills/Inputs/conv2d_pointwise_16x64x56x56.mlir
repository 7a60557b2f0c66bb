// A 1x1 convolution with a bias and stride 2 (level1/12_conv2d_pointwise's
// shape as ks-tune checks it on the CPU, strided so that it stays a
// convolution rather than a batched matmul): 16 x 64 x 56 x 56 outputs,
// 200704 threads, each with a private accumulator array.
func.func @main(%w: tensor<64x64x1x1xf32>, %bias: tensor<64xf32>, %x: tensor<16x64x111x111xf32>) -> tensor<16x64x56x56xf32> {
  %e = tensor.empty() : tensor<16x64x56x56xf32>
  %b = linalg.broadcast ins(%bias : tensor<64xf32>) outs(%e : tensor<16x64x56x56xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<16x64x111x111xf32>, tensor<64x64x1x1xf32>) outs(%b : tensor<16x64x56x56xf32>) -> tensor<16x64x56x56xf32>
  return %y : tensor<16x64x56x56xf32>
}
