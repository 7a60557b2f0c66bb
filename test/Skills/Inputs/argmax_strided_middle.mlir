// torch.argmax(x, dim=1) of 4x64x256, as Torch-MLIR lowers it: one
// reduction with two outputs, the running maximum and its index.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @main(%x: tensor<4x64x256xf32>) -> tensor<4x256xi64> {
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<4x256xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4x256xi64>) -> tensor<4x256xi64>
  %ev = tensor.empty() : tensor<4x256xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4x256xf32>) -> tensor<4x256xf32>
  %r:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fv, %fi : tensor<4x256xf32>, tensor<4x256xi64>) {
  ^bb0(%a: f32, %best: f32, %at: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %a, %best : f32
    %gt = arith.cmpf ogt, %a, %best : f32
    %idx = arith.select %gt, %ii, %at : i64
    linalg.yield %m, %idx : f32, i64
  } -> (tensor<4x256xf32>, tensor<4x256xi64>)
  return %r#1 : tensor<4x256xi64>
}
