// A batch of 4 matmuls, 128x64 @ 64x256 (torch.bmm).
func.func @main(%a: tensor<4x128x64xf32>, %b: tensor<4x64x256xf32>) -> tensor<4x128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<4x128x64xf32>, tensor<4x64x256xf32>) outs(%f : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  return %c : tensor<4x128x256xf32>
}
