// REQUIRES: cuda-gpu
// reduce_strided_epilogue on RMS norm over 64 channels of [8, 64, 32, 32]
// (the sum of squares and the normalization in one kernel): the GPU result
// matches the CPU reference on fresh random inputs; one kernel, 8 x 8
// blocks of 128 threads, each column walked whole (U = 64) and read once.
// RUN: ks-run %s --plan=%S/Inputs/plan_reduce_strided_epilogue.json --seed=73 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x64x32x32xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '8,8,1'
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
#x = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#s = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @main(%x: tensor<8x64x32x32xf32>) -> tensor<8x64x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<8x1x32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x1x32x32xf32>) -> tensor<8x1x32x32xf32>
  %ss = linalg.generic {indexing_maps = [#x, #s], iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%x : tensor<8x64x32x32xf32>) outs(%f : tensor<8x1x32x32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %sum = arith.addf %sq, %acc : f32
    linalg.yield %sum : f32
  } -> tensor<8x1x32x32xf32>
  %o = tensor.empty() : tensor<8x64x32x32xf32>
  %y = linalg.generic {indexing_maps = [#x, #s, #x], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %ss : tensor<8x64x32x32xf32>, tensor<8x1x32x32xf32>) outs(%o : tensor<8x64x32x32xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %c : f32
    %m = arith.addf %mean, %eps : f32
    %r = math.sqrt %m : f32
    %v = arith.divf %a, %r : f32
    linalg.yield %v : f32
  } -> tensor<8x64x32x32xf32>
  return %y : tensor<8x64x32x32xf32>
}
