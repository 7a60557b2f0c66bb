// A sum over the middle dimension of 4x512x256 with keepdim
// (torch.sum(x, dim=1, keepdim=True)): the output [4, 1, 256] is seen as
// [4, 256] through a collapse_shape by both dispatches.
#in = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%x: tensor<4x512x256xf32>) -> tensor<4x1x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x1x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x1x256xf32>) -> tensor<4x1x256xf32>
  %x4 = tensor.expand_shape %x [[0], [1, 2], [3]] output_shape [4, 512, 1, 256] : tensor<4x512x256xf32> into tensor<4x512x1x256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>],
                       iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x4 : tensor<4x512x1x256xf32>) outs(%f : tensor<4x1x256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x1x256xf32>
  return %s : tensor<4x1x256xf32>
}
