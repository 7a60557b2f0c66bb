// Attention pooling: a softmax over time of the scores, then the sum over
// time of the inputs weighted by it: (64, 2048) scores, (64, 2048, 512)
// inputs -> (64, 512).
#bt = affine_map<(b, t) -> (b, t)>
#b = affine_map<(b, t) -> (b)>
#btf = affine_map<(b, t, f) -> (b, t, f)>
#bt3 = affine_map<(b, t, f) -> (b, t)>
#bf = affine_map<(b, t, f) -> (b, f)>
func.func @main(%s: tensor<64x2048xf32>, %x: tensor<64x2048x512xf32>) -> tensor<64x512xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<64xf32>
  %mfill = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#bt, #b], iterator_types = ["parallel", "reduction"]}
      ins(%s : tensor<64x2048xf32>) outs(%mfill : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e2 = tensor.empty() : tensor<64x2048xf32>
  %ex = linalg.generic {indexing_maps = [#bt, #b, #bt], iterator_types = ["parallel", "parallel"]}
      ins(%s, %max : tensor<64x2048xf32>, tensor<64xf32>) outs(%e2 : tensor<64x2048xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<64x2048xf32>
  %sfill = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#bt, #b], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<64x2048xf32>) outs(%sfill : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %w = linalg.generic {indexing_maps = [#bt, #b, #bt], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<64x2048xf32>, tensor<64xf32>) outs(%e2 : tensor<64x2048xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %r = arith.divf %a, %t : f32
    linalg.yield %r : f32
  } -> tensor<64x2048xf32>
  %e3 = tensor.empty() : tensor<64x2048x512xf32>
  %wx = linalg.generic {indexing_maps = [#bt3, #btf, #btf], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w, %x : tensor<64x2048xf32>, tensor<64x2048x512xf32>) outs(%e3 : tensor<64x2048x512xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %r = arith.mulf %a, %v : f32
    linalg.yield %r : f32
  } -> tensor<64x2048x512xf32>
  %e4 = tensor.empty() : tensor<64x512xf32>
  %ofill = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x512xf32>) -> tensor<64x512xf32>
  %out = linalg.generic {indexing_maps = [#btf, #bf], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%wx : tensor<64x2048x512xf32>) outs(%ofill : tensor<64x512xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64x512xf32>
  return %out : tensor<64x512xf32>
}
