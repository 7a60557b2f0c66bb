// LeNet's second convolution (6 -> 16 channels, 5x5, 10x10 outputs) on 2
// images, its output flattened into nn.Linear(1600, 32), as Torch-MLIR
// writes them: broadcast bias and convolution (dispatches 0, 1), the fill
// and the contraction with the weight's transpose folded (2, 3).
func.func @main(%x: tensor<2x6x14x14xf32>, %w: tensor<16x6x5x5xf32>, %b: tensor<16xf32>,
                %fc: tensor<32x1600xf32>) -> tensor<2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x10x10xf32>
  %bias = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<2x16x10x10xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<2x6x14x14xf32>, tensor<16x6x5x5xf32>) outs(%bias : tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
  %flat = tensor.collapse_shape %y [[0], [1, 2, 3]] : tensor<2x16x10x10xf32> into tensor<2x1600xf32>
  %te = tensor.empty() : tensor<1600x32xf32>
  %fct = linalg.transpose ins(%fc : tensor<32x1600xf32>) outs(%te : tensor<1600x32xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<2x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<2x32xf32>) -> tensor<2x32xf32>
  %z = linalg.matmul ins(%flat, %fct : tensor<2x1600xf32>, tensor<1600x32xf32>) outs(%f : tensor<2x32xf32>) -> tensor<2x32xf32>
  return %z : tensor<2x32xf32>
}
