// A convolution no library skill is written for (the policy has nothing to
// try on it): what the LLM skill author's tests work on. 33 MFLOP, small
// enough for the CPU check to emulate a candidate's kernels.
func.func @main(%input: tensor<2x16x34x58xf32>, %filter: tensor<32x16x3x3xf32>) -> tensor<2x32x32x56xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x32x32x56xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x32x32x56xf32>) -> tensor<2x32x32x56xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%input, %filter : tensor<2x16x34x58xf32>, tensor<32x16x3x3xf32>)
      outs(%init : tensor<2x32x32x56xf32>) -> tensor<2x32x32x56xf32>
  return %conv : tensor<2x32x32x56xf32>
}
