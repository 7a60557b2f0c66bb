// REQUIRES: cuda-gpu
// warp_reduce_innermost on a matrix-vector product (KernelBench's
// 2048x16384 @ 16384x1, dispatch 1 after ks-drop-unit-dims-of-reductions):
// the GPU result matches the CPU reference on fresh random inputs. Each
// output sums 16384 products in [-1, 1] whose partial sums reach tens: the
// reference adds them in order, the warp in 32 interleaved chains and a
// tree, so outputs near zero differ by up to about 1e-3 in absolute terms
// (the H100 run showed 7.1e-4 at three of 2048 outputs): atol 2e-3.
// RUN: ks-run %s --plan=%S/Inputs/plan_matvec_warp.json --seed=53 --trials=5 --atol=2e-3 --json=%t.json > %t.log
// RUN: grep -q "output #0 2048x1xf32: match" %t.log
// 512 blocks of 128 threads: 4 rows per block, a warp per row.
// RUN: grep -A1 '"grid": \[' %t.json | grep -qE '^ +512,$'
func.func @main(%a: tensor<2048x16384xf32>, %x: tensor<16384x1xf32>) -> tensor<2048x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x1xf32>) -> tensor<2048x1xf32>
  %y = linalg.matmul ins(%a, %x : tensor<2048x16384xf32>, tensor<16384x1xf32>) outs(%f : tensor<2048x1xf32>) -> tensor<2048x1xf32>
  return %y : tensor<2048x1xf32>
}
