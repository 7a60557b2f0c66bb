// REQUIRES: cuda-gpu
// matmul_warp_dot on a batch of matrix-vector products (torch.bmm of
// [16, 512, 1024] against [16, 1024, 1], the unit loop dropped: dispatch 1
// has loops 16 x 512 x 1024): the GPU result matches the CPU reference on
// fresh random inputs. 64 x 16 blocks of 8 warps, a warp per row, float4
// loads (E = 4).
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_warp_dot_batched.json --seed=71 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x512x1xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '64,16,1'
func.func @main(%a: tensor<16x512x1024xf32>, %x: tensor<16x1024x1xf32>) -> tensor<16x512x1xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<16x512x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<16x512x1xf32>) -> tensor<16x512x1xf32>
  %y = linalg.batch_matmul ins(%a, %x : tensor<16x512x1024xf32>, tensor<16x1024x1xf32>) outs(%f : tensor<16x512x1xf32>) -> tensor<16x512x1xf32>
  return %y : tensor<16x512x1xf32>
}
