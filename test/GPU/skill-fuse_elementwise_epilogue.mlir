// REQUIRES: cuda-gpu
// fuse_elementwise_epilogue on a transformer MLP's first layer: 512 tokens
// of width 768 times a 768x3072 weight, plus the bias, then GELU (tanh
// form). The matmul (dispatch 1; the fill is 0) and the bias + GELU
// (dispatch 2) run as one kernel and match the CPU reference on fresh
// random inputs.
// RUN: ks-run %s --plan=%S/Inputs/plan_fuse_elementwise_epilogue.json --seed=13 --trials=5 --json=%t.fused.json > %t.fused.log
// RUN: grep -q "output #0 512x3072xf32: match" %t.fused.log
// RUN: grep -q '"plan": ".*plan_fuse_elementwise_epilogue.json"' %t.fused.json
// Two kernels (fill, then matmul + epilogue) where the seed launches three.
// RUN: grep -c '"launches"' %t.fused.json > %t.fused.count
// RUN: grep -qx 2 %t.fused.count
// RUN: ks-run %s --no-reference --trials=1 --json=%t.seed.json > %t.seed.log
// RUN: grep -c '"launches"' %t.seed.json > %t.seed.count
// RUN: grep -qx 3 %t.seed.count
// The fused kernel runs 48x8 blocks of 16x16 threads.
// RUN: grep -A1 '"grid": \[' %t.fused.json | grep -qE '^ +48,$'
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<512x768xf32>, %w: tensor<768x3072xf32>, %b: tensor<3072xf32>) -> tensor<512x3072xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %sqrt_2_pi = arith.constant 0.797884583 : f32
  %k = arith.constant 0.044715 : f32
  %e = tensor.empty() : tensor<512x3072xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x3072xf32>) -> tensor<512x3072xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<512x768xf32>, tensor<768x3072xf32>) outs(%f : tensor<512x3072xf32>) -> tensor<512x3072xf32>
  %h = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<512x3072xf32>, tensor<3072xf32>) outs(%e : tensor<512x3072xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<512x3072xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<512x3072xf32>) outs(%e : tensor<512x3072xf32>) {
  ^bb0(%v: f32, %o: f32):
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %t0 = arith.mulf %v3, %k : f32
    %t1 = arith.addf %v, %t0 : f32
    %t2 = arith.mulf %t1, %sqrt_2_pi : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %v, %half : f32
    %r = arith.mulf %t5, %t4 : f32
    linalg.yield %r : f32
  } -> tensor<512x3072xf32>
  return %g : tensor<512x3072xf32>
}
