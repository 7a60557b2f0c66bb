// REQUIRES: cuda-gpu
// ks-run compiles for the GPU, runs, and matches the independent CPU
// reference on fresh random inputs; the output buffers are poisoned with NaN
// first, so an element no kernel wrote fails the check.
// RUN: ks-run %s --seed=7 --trials=3 --json=%t.json > %t.log
// RUN: grep -q "output #0 64x96xf32: match" %t.log
// RUN: grep -q "output #1 64xf32: match" %t.log
// RUN: grep -q '"median"' %t.json
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> (tensor<64x96xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%f : tensor<64x96xf32>) -> tensor<64x96xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
  ^bb0(%x: f32, %o: f32):
    %h = math.tanh %x : f32
    linalg.yield %h : f32
  } -> tensor<64x96xf32>
  %er = tensor.empty() : tensor<64xf32>
  %fr = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%g : tensor<64x96xf32>) outs(%fr : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.addf %x, %acc : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %g, %s : tensor<64x96xf32>, tensor<64xf32>
}
