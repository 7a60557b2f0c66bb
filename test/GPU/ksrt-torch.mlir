// REQUIRES: cuda-gpu
// PyTorch calls a ks-compiled model through the C API on its own CUDA
// tensors and stream; the result matches torch on fresh random inputs.
// (Device tests use grep: the GPU machine has no FileCheck.)
// RUN: %python %S/Inputs/ksrt_torch.py %ks_library %s > %t.log
// RUN: grep -q "^trial 0: max abs err .* ok$" %t.log
// RUN: grep -q "^trial 4: max abs err .* ok$" %t.log
#id = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<64x128xf32>, %w: tensor<128x32xf32>, %b: tensor<32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x128xf32>, tensor<128x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<64x32xf32>, tensor<32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%m: f32, %c: f32, %o: f32):
    %s = arith.addf %m, %c : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
