// torch.argmax(floor(2 * x), dim=1) of 64x1024: rows along the contiguous
// dimension, values from a handful of integers, so every row's maximum
// occurs many times and the first occurrence must win (as the sequential
// fold keeps it).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<64x1024xf32>) -> tensor<64xi64> {
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %two = arith.constant 2.0 : f32
  %ei = tensor.empty() : tensor<64xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
  %ev = tensor.empty() : tensor<64xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi64>) {
  ^bb0(%a: f32, %best: f32, %at: i64):
    %s = arith.mulf %a, %two : f32
    %q = math.floor %s : f32
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %q, %best : f32
    %gt = arith.cmpf ogt, %q, %best : f32
    %idx = arith.select %gt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %r#1 : tensor<64xi64>
}
