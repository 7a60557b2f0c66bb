// REQUIRES: cuda-gpu
// matmul_tf32x3_wgmma_tma_epilogue on a linear layer with an erf
// activation (y = x W^T + b, then y * erf(y): 1024 x 2048 outputs,
// K = 1024) matches the CPU reference (atol = rtol = 1e-4: fp32's
// accuracy, which one TF32 product per step would miss) on fresh random
// inputs: TMA loads, the split into TF32 parts and remainders in shared
// memory, three wgmma products per k8 slice, the bias and activation
// applied to each output as it is stored. A descriptor off by a slice, a
// remainder read before the block wrote it, or a slot refilled while
// wgmma still read it would show as a mismatch.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_tf32x3_wgmma_tma_epilogue.json --seed=71 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 1024x2048xf32: match" %t.log
// One kernel (the fill, the transpose and the epilogue have none): 8 x 16
// tiles of two warpgroups, 3 slots of 64 KB, 1 KB to align them and 32 bytes
// of mbarriers.
// RUN: grep -c '"launches"' %t.json | grep -qx 1
// RUN: grep -q '"shared_bytes": 197664' %t.json
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<1024x1024xf32>, %w: tensor<2048x1024xf32>, %bias: tensor<2048xf32>) -> tensor<1024x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<1024x2048xf32>
  %wt = linalg.transpose ins(%w : tensor<2048x1024xf32>) outs(%et : tensor<1024x2048xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<1024x2048xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<1024x1024xf32>, tensor<1024x2048xf32>) outs(%f : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<1024x2048xf32>, tensor<2048xf32>) outs(%e : tensor<1024x2048xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %g = math.erf %s : f32
    %h = arith.mulf %s, %g : f32
    linalg.yield %h : f32
  } -> tensor<1024x2048xf32>
  return %r : tensor<1024x2048xf32>
}
