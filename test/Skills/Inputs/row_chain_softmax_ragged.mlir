// Softmax over the rows of a 16x1000 matrix (no warp step of 32 x 4
// elements divides a row) as Torch-MLIR writes it: the
// row maxima (dispatch 1, after its fill, 0), exp(x - max) (2), the row
// sums (4, after their fill, 3), the quotients (5). A row chain.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x1000xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %max2 = tensor.expand_shape %max [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
  %ee = tensor.empty() : tensor<16x1000xf32>
  %exp = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max2 : tensor<16x1000xf32>, tensor<16x1xf32>) outs(%ee : tensor<16x1000xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<16x1000xf32>
  %es = tensor.empty() : tensor<16x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<16x1xf32>) -> tensor<16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #bcast], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<16x1000xf32>) outs(%fs : tensor<16x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<16x1xf32>
  %out = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<16x1000xf32>, tensor<16x1xf32>) outs(%ee : tensor<16x1000xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<16x1000xf32>
  return %out : tensor<16x1000xf32>
}
