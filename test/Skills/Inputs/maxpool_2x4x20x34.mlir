// 3x3 max pooling with stride 2 of a 2x4x20x34 input into 2x4x9x16 (the
// -inf fill and the pooling: dispatches 0 and 1), for pool_window_registers.
func.func @main(%x: tensor<2x4x20x34xf32>) -> tensor<2x4x9x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x4x9x16xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x9x16xf32>) -> tensor<2x4x9x16xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<2x4x20x34xf32>, tensor<3x3xf32>) outs(%f : tensor<2x4x9x16xf32>) -> tensor<2x4x9x16xf32>
  return %r : tensor<2x4x9x16xf32>
}
