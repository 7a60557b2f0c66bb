// log(softmax(200 x)) over rows of 64 (its small probabilities underflow to
// 0, their logs -inf) and log(exp(100 x) / 3) (exp overflows for x > 0.89,
// the log +inf), as Torch-MLIR writes them: exp, division, log.
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %k = arith.constant 200.0 : f32
  %h = arith.constant 100.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %max = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%fm : tensor<16xf32>) {
  ^bb0(%a: f32, %m: f32):
    %s = arith.mulf %a, %k : f32
    %r = arith.maximumf %s, %m : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<16x64xf32>, tensor<16xf32>) outs(%fs : tensor<16xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %s = arith.mulf %a, %k : f32
    %d = arith.subf %s, %m : f32
    %x2 = math.exp %d : f32
    %r = arith.addf %x2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %o = tensor.empty() : tensor<16x64xf32>
  %lsm = linalg.generic {indexing_maps = [#map, #row, #row, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<16x64xf32>, tensor<16xf32>, tensor<16xf32>) outs(%o : tensor<16x64xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32, %out: f32):
    %sc = arith.mulf %a, %k : f32
    %d = arith.subf %sc, %m : f32
    %x2 = math.exp %d : f32
    %p = arith.divf %x2, %s : f32
    %l = math.log %p : f32
    linalg.yield %l : f32
  } -> tensor<16x64xf32>
  %big = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%o : tensor<16x64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %sc = arith.mulf %a, %h : f32
    %x2 = math.exp %sc : f32
    %p = arith.divf %x2, %three : f32
    %l = math.log %p : f32
    linalg.yield %l : f32
  } -> tensor<16x64xf32>
  return %lsm, %big : tensor<16x64xf32>, tensor<16x64xf32>
}
