// Three Linear(256, 256) layers with ReLU between them on 1024 rows, as
// Torch-MLIR imports nn.Sequential after CSE: the GEMMs share one zero
// fill and the elementwise ops one tensor.empty.
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#y = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%w0: tensor<256x256xf32>, %b0: tensor<256xf32>, %w1: tensor<256x256xf32>,
                %b1: tensor<256xf32>, %w2: tensor<256x256xf32>, %b2: tensor<256xf32>,
                %x: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %c0 = arith.constant 0.0 : f32
  %wt = tensor.empty() : tensor<256x256xf32>
  %empty = tensor.empty() : tensor<1024x256xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %w0t = linalg.transpose ins(%w0 : tensor<256x256xf32>) outs(%wt : tensor<256x256xf32>) permutation = [1, 0]
  %m0 = linalg.matmul indexing_maps = [#x, #w, #y] ins(%x, %w0t : tensor<1024x256xf32>, tensor<256x256xf32>) outs(%zero : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %a0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m0, %b0 : tensor<1024x256xf32>, tensor<256xf32>) outs(%empty : tensor<1024x256xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    linalg.yield %s : f32
  } -> tensor<1024x256xf32>
  %r0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a0 : tensor<1024x256xf32>) outs(%empty : tensor<1024x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<1024x256xf32>
  %w1t = linalg.transpose ins(%w1 : tensor<256x256xf32>) outs(%wt : tensor<256x256xf32>) permutation = [1, 0]
  %m1 = linalg.matmul indexing_maps = [#x, #w, #y] ins(%r0, %w1t : tensor<1024x256xf32>, tensor<256x256xf32>) outs(%zero : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %a1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %b1 : tensor<1024x256xf32>, tensor<256xf32>) outs(%empty : tensor<1024x256xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    linalg.yield %s : f32
  } -> tensor<1024x256xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a1 : tensor<1024x256xf32>) outs(%empty : tensor<1024x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<1024x256xf32>
  %w2t = linalg.transpose ins(%w2 : tensor<256x256xf32>) outs(%wt : tensor<256x256xf32>) permutation = [1, 0]
  %m2 = linalg.matmul indexing_maps = [#x, #w, #y] ins(%r1, %w2t : tensor<1024x256xf32>, tensor<256x256xf32>) outs(%zero : tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %a2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m2, %b2 : tensor<1024x256xf32>, tensor<256xf32>) outs(%empty : tensor<1024x256xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    linalg.yield %s : f32
  } -> tensor<1024x256xf32>
  return %a2 : tensor<1024x256xf32>
}
