// log_softmax over dim 1 of an NCHW map, as Torch-MLIR imports it: the
// channel maximum, x - max (read by the sum of exponentials and by the
// result), the sum, its logarithm, the result.
#x = affine_map<(n, c, h, w) -> (n, c, h, w)>
#stat = affine_map<(n, c, h, w) -> (n, 0, h, w)>
#rx = affine_map<(n, c, h, w) -> (n, c, h, w)>
#rs = affine_map<(n, c, h, w) -> (n, 0, h, w)>
func.func @main(%x: tensor<2x128x8x8xf32>) -> tensor<2x128x8x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x1x8x8xf32>
  %mf = linalg.fill ins(%ninf : f32) outs(%se : tensor<2x1x8x8xf32>) -> tensor<2x1x8x8xf32>
  %m = linalg.generic {indexing_maps = [#rx, #rs], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<2x128x8x8xf32>) outs(%mf : tensor<2x1x8x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x1x8x8xf32>
  %e = tensor.empty() : tensor<2x128x8x8xf32>
  %t = linalg.generic {indexing_maps = [#x, #stat, #x], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<2x128x8x8xf32>, tensor<2x1x8x8xf32>) outs(%e : tensor<2x128x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x128x8x8xf32>
  %ex = linalg.generic {indexing_maps = [#x, #x], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<2x128x8x8xf32>) outs(%e : tensor<2x128x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x128x8x8xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x1x8x8xf32>) -> tensor<2x1x8x8xf32>
  %s = linalg.generic {indexing_maps = [#rx, #rs], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%ex : tensor<2x128x8x8xf32>) outs(%sf : tensor<2x1x8x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x1x8x8xf32>
  %out = linalg.generic {indexing_maps = [#x, #stat, #x], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %s : tensor<2x128x8x8xf32>, tensor<2x1x8x8xf32>) outs(%e : tensor<2x128x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %l = math.log %b : f32
    %r = arith.subf %a, %l : f32
    linalg.yield %r : f32
  } -> tensor<2x128x8x8xf32>
  return %out : tensor<2x128x8x8xf32>
}
