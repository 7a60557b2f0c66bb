// REQUIRES: cuda-gpu
// matmul_smem_pipelined_epilogue on a 1024^3 matmul followed by a bias add and ReLU
// (dispatch 1; the fill is dispatch 0, the epilogue dispatch 2 runs in the
// matmul's kernel) matches the CPU reference on fresh random inputs: 128x64
// tiles copied with cp.async into double-buffered shared memory, two K
// steps ahead of the compute, 8x4 outputs per thread, the bias and ReLU
// applied by each thread to its outputs.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_smem_pipelined_epilogue.json --seed=53 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.log
// Two kernels (the fill, the fused one): 16 x 8 blocks.
// RUN: grep -c '"grid": \[' %t.json | grep -qx 2
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[16,8,1\]'
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %bias: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
