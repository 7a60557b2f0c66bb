// Sum over the last dim of 4096x16384 f32 -> 4096 (256 MiB read); mirrors torch.sum(x, dim=-1) (aten.sum.dim_IntList, keepdim=False).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @main(%arg0: tensor<4096x16384xf32>) -> tensor<4096xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4096xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4096xf32>) -> tensor<4096xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4096x16384xf32>) outs(%1 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %out : f32
      linalg.yield %3 : f32
    } -> tensor<4096xf32>
    return %2 : tensor<4096xf32>
  }
}
