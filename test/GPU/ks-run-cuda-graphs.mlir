// REQUIRES: cuda-gpu
// --cuda-graphs: a program of several kernels with intermediate buffers (a
// row softmax: max, exp-sum, normalise) is captured into one CUDA graph on
// its first run, and every later run launches the graph; the result checked
// is a relaunch's, against the CPU reference on fresh random inputs.
// RUN: ks-run %s --cuda-graphs --seed=17 --warmup=2 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 256x1024xf32: match" %t.log
// RUN: grep -q "CUDA graphs: 1 captured, 9 runs launched one" %t.log
// RUN: grep -q '"launches": 9' %t.json
// Without the option, nothing is captured.
// RUN: ks-run %s --seed=17 --trials=2 > %t.plain.log
// RUN: grep -q "output #0 256x1024xf32: match" %t.plain.log
// RUN: not grep -q "CUDA graphs" %t.plain.log
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<256xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<256xf32>) -> tensor<256xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x1024xf32>) outs(%fm : tensor<256xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<256x1024xf32>, tensor<256xf32>) outs(%fs : tensor<256xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %r = arith.addf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  %ey = tensor.empty() : tensor<256x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max, %sum : tensor<256x1024xf32>, tensor<256xf32>, tensor<256xf32>) outs(%ey : tensor<256x1024xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<256x1024xf32>
  return %y : tensor<256x1024xf32>
}
