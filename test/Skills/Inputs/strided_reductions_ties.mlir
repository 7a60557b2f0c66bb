// Three reductions over the middle dim of 4x64x256, as Torch-MLIR lowers
// them: an argmin of x quantized to quarters (torch.argmin(floor(4x), 1):
// many ties, where the first index must win), a max, and a sum of squares.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<4x64x256xf32>) -> (tensor<4x256xi64>, tensor<4x256xf32>, tensor<4x256xf32>) {
  %zero = arith.constant 0 : i64
  %fzero = arith.constant 0.0 : f32
  %four = arith.constant 4.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<4x256xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4x256xi64>) -> tensor<4x256xi64>
  %ev = tensor.empty() : tensor<4x256xf32>
  %fv = linalg.fill ins(%inf : f32) outs(%ev : tensor<4x256xf32>) -> tensor<4x256xf32>
  %a:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fv, %fi : tensor<4x256xf32>, tensor<4x256xi64>) {
  ^bb0(%v: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %s = arith.mulf %v, %four : f32
    %q = math.floor %s : f32
    %m = arith.minimumf %q, %best : f32
    %lt = arith.cmpf olt, %q, %best : f32
    %idx = arith.select %lt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<4x256xf32>, tensor<4x256xi64>)
  %fm = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4x256xf32>) -> tensor<4x256xf32>
  %mx = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fm : tensor<4x256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  %fs = linalg.fill ins(%fzero : f32) outs(%ev : tensor<4x256xf32>) -> tensor<4x256xf32>
  %sq = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fs : tensor<4x256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.mulf %v, %v : f32
    %r = arith.addf %s, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  return %a#1, %mx, %sq : tensor<4x256xi64>, tensor<4x256xf32>, tensor<4x256xf32>
}
