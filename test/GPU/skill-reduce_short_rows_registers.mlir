// REQUIRES: cuda-gpu
// reduce_short_rows_registers on a block scan's first step at the size of
// level1/48 (128 rows of 32768: 131072 chunks of 32, each chunk's prefix
// sums in f64; dispatch 1, the zero fill is dispatch 0) matches the CPU
// reference on fresh random inputs: one output per thread, 8 x 32 per block.
// RUN: ks-run %s --plan=%S/Inputs/plan_reduce_short_rows_registers.json --seed=44 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 128x1024x32xf64: match" %t.log
// 16384 blocks of 32 x 8 threads.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[16384,1,1\]'
func.func @main(%x: tensor<128x32768xf32>) -> tensor<128x1024x32xf64> {
  %zero = arith.constant 0.0 : f64
  %chunks = tensor.expand_shape %x [[0], [1, 2]] output_shape [128, 1024, 32] : tensor<128x32768xf32> into tensor<128x1024x32xf32>
  %e = tensor.empty() : tensor<128x1024x32xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<128x1024x32xf64>) -> tensor<128x1024x32xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%chunks : tensor<128x1024x32xf32>) outs(%f : tensor<128x1024x32xf64>) {
  ^bb0(%v: f32, %acc: f64):
    %b = linalg.index 2 : index
    %k = linalg.index 3 : index
    %in = arith.cmpi sle, %k, %b : index
    %w = arith.extf %v : f32 to f64
    %s = arith.select %in, %w, %zero : f64
    %a = arith.addf %s, %acc : f64
    linalg.yield %a : f64
  } -> tensor<128x1024x32xf64>
  return %r : tensor<128x1024x32xf64>
}
