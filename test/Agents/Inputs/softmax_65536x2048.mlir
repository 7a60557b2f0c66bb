// Softmax over the rows of a 65536x2048 matrix (512 MB), the chain of
// ../../Skills/Inputs/row_chain_softmax.mlir at a size past L1 and L2.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<65536x2048xf32>) -> tensor<65536x2048xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<65536xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<65536xf32>) -> tensor<65536xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<65536x2048xf32>) outs(%f : tensor<65536xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<65536xf32>
  %max2 = tensor.expand_shape %max [[0, 1]] output_shape [65536, 1] : tensor<65536xf32> into tensor<65536x1xf32>
  %ee = tensor.empty() : tensor<65536x2048xf32>
  %exp = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max2 : tensor<65536x2048xf32>, tensor<65536x1xf32>) outs(%ee : tensor<65536x2048xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<65536x2048xf32>
  %es = tensor.empty() : tensor<65536x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<65536x1xf32>) -> tensor<65536x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #bcast], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<65536x2048xf32>) outs(%fs : tensor<65536x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<65536x1xf32>
  %out = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<65536x2048xf32>, tensor<65536x1xf32>) outs(%ee : tensor<65536x2048xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<65536x2048xf32>
  return %out : tensor<65536x2048xf32>
}
