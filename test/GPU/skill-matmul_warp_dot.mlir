// REQUIRES: cuda-gpu
// matmul_warp_dot on LeNet's fc1 (64 rows, nn.Linear(400, 120), the
// weight's transpose folded: dispatch 1): the GPU result matches the CPU
// reference on fresh random inputs. 15 x 64 blocks of 8 warps, a warp per
// output.
// RUN: ks-run %s --plan=%S/Inputs/plan_matmul_warp_dot.json --seed=67 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 64x120xf32: match" %t.log
// RUN: grep -A3 '"grid": \[' %t.json | tr -d ' \n' | grep -q '15,64,1'
func.func @main(%x: tensor<64x400xf32>, %w: tensor<120x400xf32>) -> tensor<64x120xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<400x120xf32>
  %wt = linalg.transpose ins(%w : tensor<120x400xf32>) outs(%e : tensor<400x120xf32>) permutation = [1, 0]
  %o = tensor.empty() : tensor<64x120xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<64x120xf32>) -> tensor<64x120xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<64x400xf32>, tensor<400x120xf32>) outs(%f : tensor<64x120xf32>) -> tensor<64x120xf32>
  return %y : tensor<64x120xf32>
}
