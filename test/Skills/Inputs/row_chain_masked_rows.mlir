// Torch-MLIR's safe softmax numerator over 32 rows of 128: the row maxima
// (dispatch 1), whether each row is all -inf (3: an i1 "and" over the row),
// and exp(x - max), or 0 for a masked row (4). A row chain with a boolean
// reduction.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<32x128xf32>) -> tensor<32x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %true = arith.constant true
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<32x128xf32>) outs(%f : tensor<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  %eb = tensor.empty() : tensor<32xi1>
  %fb = linalg.fill ins(%true : i1) outs(%eb : tensor<32xi1>) -> tensor<32xi1>
  %masked = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<32x128xf32>) outs(%fb : tensor<32xi1>) {
  ^bb0(%a: f32, %acc: i1):
    %is = arith.cmpf oeq, %a, %ninf : f32
    %all = arith.andi %is, %acc : i1
    linalg.yield %all : i1
  } -> tensor<32xi1>
  %ee = tensor.empty() : tensor<32x128xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %masked : tensor<32x128xf32>, tensor<32xf32>, tensor<32xi1>) outs(%ee : tensor<32x128xf32>) {
  ^bb0(%a: f32, %m: f32, %k: i1, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    %r = arith.select %k, %zero, %v : f32
    linalg.yield %r : f32
  } -> tensor<32x128xf32>
  return %y : tensor<32x128xf32>
}
