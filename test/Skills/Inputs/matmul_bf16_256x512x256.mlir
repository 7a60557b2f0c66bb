// A 256x512 by 512x256 bf16 matmul into f32 (fill + matmul: dispatches 0
// and 1).
func.func @main(%a: tensor<256x512xbf16>, %b: tensor<512x256xbf16>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x256xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
