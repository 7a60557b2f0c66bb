// 2x2 sum pooling with stride 2 of a 2x4x8x32 input into 2x4x4x16 (the zero
// fill and the pooling: dispatches 0 and 1), for pool_window_registers.
func.func @main(%x: tensor<2x4x8x32xf32>) -> tensor<2x4x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<2x4x8x32xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
  return %r : tensor<2x4x4x16xf32>
}
