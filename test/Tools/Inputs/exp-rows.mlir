// exp(x) then the sum of each row, over an ROWSx256 matrix (ROWS replaced
// by the tests that want several signatures).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<ROWSx256xf32>) -> tensor<ROWSxf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<ROWSx256xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<ROWSx256xf32>) outs(%e : tensor<ROWSx256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<ROWSx256xf32>
  %es = tensor.empty() : tensor<ROWSxf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<ROWSxf32>) -> tensor<ROWSxf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<ROWSx256xf32>) outs(%fs : tensor<ROWSxf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<ROWSxf32>
  return %sum : tensor<ROWSxf32>
}
