// A mean squared error over 1024 x 4096 elements: split into 1024 partial
// sums of 4096 contiguous elements, long enough for a block a row.
#map = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> ()>
#z = affine_map<() -> ()>
func.func @main(%x: tensor<1024x4096xf32>, %y: tensor<1024x4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %count = arith.constant 4194304.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#map, #map, #red], iterator_types = ["reduction", "reduction"]}
      ins(%x, %y : tensor<1024x4096xf32>, tensor<1024x4096xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %d = arith.subf %a, %b : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %q, %acc : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#z, #z], iterator_types = []}
      ins(%s : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %count : f32
    linalg.yield %q : f32
  } -> tensor<f32>
  return %m : tensor<f32>
}
