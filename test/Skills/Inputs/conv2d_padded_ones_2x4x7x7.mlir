// A 3x3 convolution over a 7x7 image padded with ones, not zeros (no
// convolution pads so; the GEMM cannot read the image for it): 2x4x7x7 ->
// 2x12x7x7.
func.func @main(%x: tensor<2x4x7x7xf32>, %w: tensor<12x4x3x3xf32>) -> tensor<2x12x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %one : f32
  } : tensor<2x4x7x7xf32> to tensor<2x4x9x9xf32>
  %e = tensor.empty() : tensor<2x12x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x12x7x7xf32>) -> tensor<2x12x7x7xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<2x4x9x9xf32>, tensor<12x4x3x3xf32>) outs(%init : tensor<2x12x7x7xf32>) -> tensor<2x12x7x7xf32>
  return %y : tensor<2x12x7x7xf32>
}
