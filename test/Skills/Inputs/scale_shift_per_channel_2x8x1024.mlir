// A group norm's apply as Torch-MLIR leaves it once its statistics are
// computed: each channel's scale and shift read in the body at a position
// computed from the loop indices (here through an index table's
// arithmetic: channel c of sample n at [n, c / 4, c mod 4]), the same for a
// whole row of 1024 points.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @main(%x: tensor<2x8x1024xf32>, %scale: tensor<2x2x4xf32>, %shift: tensor<2x2x4xf32>)
    -> tensor<2x8x1024xf32> {
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<2x8x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x1024xf32>) outs(%init : tensor<2x8x1024xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %g = arith.divui %c, %c4 : index
    %k = arith.remui %c, %c4 : index
    %s = tensor.extract %scale[%n, %g, %k] : tensor<2x2x4xf32>
    %b = tensor.extract %shift[%n, %g, %k] : tensor<2x2x4xf32>
    %m = arith.mulf %v, %s : f32
    %r = arith.addf %m, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x8x1024xf32>
  return %y : tensor<2x8x1024xf32>
}
