// An eval-mode batch norm's scale and shift (per channel) fused into the
// sum over the 512 spatial points of each (image, channel), as after
// ks-fuse-elementwise: the parameters read the channel loop alone, so the
// image and channel loops stay two (a [2, 8, 512] reduction).
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: tensor<2x8x512xf32>, %scale: tensor<8xf32>, %shift: tensor<8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#x, #c, #c, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %scale, %shift : tensor<2x8x512xf32>, tensor<8xf32>, tensor<8xf32>) outs(%init : tensor<2x8xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32, %out: f32):
    %ax = arith.mulf %in, %a : f32
    %y = arith.addf %ax, %b : f32
    %s = arith.addf %y, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
