// log_softmax over the channels (dim 1) of an NCHW map, as Torch-MLIR
// writes it (the maximum with its unused index, then the sum of exp(x - m),
// its log, x - m - log): what ks-one-pass-softmax takes in one reduction.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @main(%x: tensor<2x64x8x32xf32>) -> tensor<2x64x8x32xf32> {
  %c0 = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %ei = tensor.empty() : tensor<2x8x32xi64>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<2x8x32xi64>) -> tensor<2x8x32xi64>
  %em = tensor.empty() : tensor<2x8x32xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %max:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<2x64x8x32xf32>) outs(%fm, %fi : tensor<2x8x32xf32>, tensor<2x8x32xi64>) {
  ^bb0(%a: f32, %m: f32, %i: i64):
    %c = linalg.index 1 : index
    %ci = arith.index_cast %c : index to i64
    %r = arith.maximumf %a, %m : f32
    %gt = arith.cmpf ogt, %a, %m : f32
    %ri = arith.select %gt, %ci, %i : i64
    linalg.yield %r, %ri : f32, i64
  } -> (tensor<2x8x32xf32>, tensor<2x8x32xi64>)
  %m4 = tensor.expand_shape %max#0 [[0, 1], [2], [3]] output_shape [2, 1, 8, 32] : tensor<2x8x32xf32> into tensor<2x1x8x32xf32>
  %e = tensor.empty() : tensor<2x64x8x32xf32>
  %d = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %m4 : tensor<2x64x8x32xf32>, tensor<2x1x8x32xf32>) outs(%e : tensor<2x64x8x32xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %s = arith.subf %a, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x64x8x32xf32>
  %ex = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%d : tensor<2x64x8x32xf32>) outs(%e : tensor<2x64x8x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x64x8x32xf32>
  %es = tensor.empty() : tensor<2x1x8x32xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x1x8x32xf32>) -> tensor<2x1x8x32xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%ex : tensor<2x64x8x32xf32>) outs(%fs : tensor<2x1x8x32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x1x8x32xf32>
  %log = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x1x8x32xf32>) outs(%es : tensor<2x1x8x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.log %a : f32
    linalg.yield %r : f32
  } -> tensor<2x1x8x32xf32>
  %y = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%d, %log : tensor<2x64x8x32xf32>, tensor<2x1x8x32xf32>) outs(%e : tensor<2x64x8x32xf32>) {
  ^bb0(%a: f32, %l: f32, %o: f32):
    %r = arith.subf %a, %l : f32
    linalg.yield %r : f32
  } -> tensor<2x64x8x32xf32>
  return %y : tensor<2x64x8x32xf32>
}
