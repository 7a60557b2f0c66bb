// REQUIRES: cuda-gpu
// A program ksrt_compile wrote, loaded with ksrt_load_compiled on device 0
// (no compiling), and one compiled from memory with ksrt_load_module, run
// on PyTorch's tensors and stream: the very results of ksrt_load's program,
// and torch's within tolerance. A device the machine lacks is an error
// naming it and the count; with several GPUs the last one runs it too.
// (Device tests use grep: the GPU machine has no FileCheck.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/ksrt_compiled.py %ks_library %s %t > %t/log
// RUN: grep -qx "compile: 0 " %t/log
// RUN: grep -qx "load: ok" %t/log
// RUN: grep -qx "load_compiled: ok" %t/log
// RUN: grep -qx "load_module: ok" %t/log
// RUN: grep -qE "^device out of range: NULL CUDA device [0-9]+ does not exist: the driver sees [0-9]+ devices? \(0 to [0-9]+\)$" %t/log
// RUN: grep -qx "load_compiled on cuda:0: same as ksrt_load ok" %t/log
// RUN: grep -qx "load_module on cuda:0: same as ksrt_load ok" %t/log
// RUN: not grep -q MISMATCH %t/log
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
