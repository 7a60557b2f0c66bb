// Cross entropy (mean) over 4096 rows of 1000 classes as Torch-MLIR lowers
// it: the rows' maxima and sums of exponentials, the valid targets (not
// -100) and their count, and the sum of the picked losses, each gathering
// its row's logit at the target, divided by the count.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
#none = affine_map<() -> ()>
func.func @main(%x: tensor<4096x1000xf32>, %t: tensor<4096xi64>) -> tensor<f32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %zero_i64 = arith.constant 0 : i64
  %ignore = arith.constant -100 : i64
  %e = tensor.empty() : tensor<4096xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x1000xf32>) outs(%m0 : tensor<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.maximumf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<4096x1000xf32>, tensor<4096xf32>) outs(%s0 : tensor<4096xf32>) {
  ^bb0(%a: f32, %mx: f32, %o: f32):
    %d = arith.subf %a, %mx : f32
    %x1 = math.exp %d : f32
    %v = arith.addf %x1, %o : f32
    linalg.yield %v : f32
  } -> tensor<4096xf32>
  %eb = tensor.empty() : tensor<4096xi1>
  %valid = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%t : tensor<4096xi64>) outs(%eb : tensor<4096xi1>) {
  ^bb0(%ti: i64, %o: i1):
    %v = arith.cmpi ne, %ti, %ignore : i64
    linalg.yield %v : i1
  } -> tensor<4096xi1>
  %ec = tensor.empty() : tensor<i64>
  %c0 = linalg.fill ins(%zero_i64 : i64) outs(%ec : tensor<i64>) -> tensor<i64>
  %count = linalg.generic {indexing_maps = [#vec, #scalar], iterator_types = ["reduction"]}
      ins(%valid : tensor<4096xi1>) outs(%c0 : tensor<i64>) {
  ^bb0(%b: i1, %o: i64):
    %w = arith.extui %b : i1 to i64
    %v = arith.addi %w, %o : i64
    linalg.yield %v : i64
  } -> tensor<i64>
  %el = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%el : tensor<f32>) -> tensor<f32>
  %loss = linalg.generic {indexing_maps = [#vec, #vec, #scalar], iterator_types = ["reduction"]}
      ins(%valid, %t : tensor<4096xi1>, tensor<4096xi64>) outs(%l0 : tensor<f32>) {
  ^bb0(%b: i1, %ti: i64, %o: f32):
    %i = linalg.index 0 : index
    %safe = arith.select %b, %ti, %zero_i64 : i64
    %j = arith.index_cast %safe : i64 to index
    %picked = tensor.extract %x[%i, %j] : tensor<4096x1000xf32>
    %mx = tensor.extract %m[%i] : tensor<4096xf32>
    %shifted = arith.subf %picked, %mx : f32
    %sum = tensor.extract %s[%i] : tensor<4096xf32>
    %lse = math.log %sum : f32
    %logp = arith.subf %shifted, %lse : f32
    %neg = arith.negf %logp : f32
    %term = arith.select %b, %neg, %zero : f32
    %v = arith.addf %term, %o : f32
    linalg.yield %v : f32
  } -> tensor<f32>
  %mean = linalg.generic {indexing_maps = [#none, #none, #none], iterator_types = []}
      ins(%loss, %count : tensor<f32>, tensor<i64>) outs(%el : tensor<f32>) {
  ^bb0(%l: f32, %n: i64, %o: f32):
    %nf = arith.sitofp %n : i64 to f32
    %v = arith.divf %l, %nf : f32
    linalg.yield %v : f32
  } -> tensor<f32>
  return %mean : tensor<f32>
}
