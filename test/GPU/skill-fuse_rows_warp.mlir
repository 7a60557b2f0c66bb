// REQUIRES: cuda-gpu
// fuse_rows_warp's kernel is correct on the H100: layer norm over 16384 rows
// of 1024 (the size of level1/31) in one kernel, a warp per row, 8 rows per
// block, 4 elements per lane per step, the statistics in f64, against the
// CPU reference on fresh random inputs. With V = 1 each lane keeps its 32
// elements of the row in registers; with V = 0 it reads them back from
// memory for each op.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 8, "E": 4, "V": 1}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=43 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 32x512x1024xf32: match" %t.log
// One kernel per run, blocks of 256 threads.
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// RUN: grep -A1 '"block": \[' %t.json | grep -q 256
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 1, "E": 1, "V": 0}}]}' > %t.memory.json
// RUN: ks-run %s --plan=%t.memory.json --seed=67 --trials=5 > %t.memory.log
// RUN: grep -q "output #0 32x512x1024xf32: match" %t.memory.log
// Cross entropy over 4096 rows of 1000 classes in two kernels: the rows'
// statistics and each row's picked loss (a gather at its target), then the
// count of valid targets, the losses' sum and the division in one block.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 8, "E": 1, "V": 1}}, {"id": 6, "skill": "fuse_rows_block", "params": {"T": 256, "E": 4, "V": 0}}]}' > %t.ce.json
// RUN: ks-run %S/../Skills/Inputs/row_chain_cross_entropy.mlir --plan=%t.ce.json --seed=71 --trials=5 --json=%t.ce.out.json > %t.ce.log
// RUN: grep -q "output #0 f32: match" %t.ce.log
// RUN: grep -c '"grid": \[' %t.ce.out.json | grep -qx 2
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<32x512x1024xf32>, %w: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<32x512x1024xf32> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 1024.0 : f64
  %eps = arith.constant 1.0e-5 : f64
  %ex = tensor.empty() : tensor<32x512x1024xf64>
  %wide = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<32x512x1024xf32>) outs(%ex : tensor<32x512x1024xf64>) {
  ^bb0(%a: f32, %o: f64):
    %v = arith.extf %a : f32 to f64
    linalg.yield %v : f64
  } -> tensor<32x512x1024xf64>
  %rows = tensor.collapse_shape %wide [[0, 1], [2]] : tensor<32x512x1024xf64> into tensor<16384x1024xf64>
  %e = tensor.empty() : tensor<16384xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<16384xf64>) -> tensor<16384xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%rows : tensor<16384x1024xf64>) outs(%f : tensor<16384xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %a, %acc : f64
    linalg.yield %r : f64
  } -> tensor<16384xf64>
  %var = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%rows, %sum : tensor<16384x1024xf64>, tensor<16384xf64>) outs(%f : tensor<16384xf64>) {
  ^bb0(%a: f64, %s: f64, %acc: f64):
    %mean = arith.divf %s, %n : f64
    %d = arith.subf %a, %mean : f64
    %sq = arith.mulf %d, %d : f64
    %r = arith.addf %sq, %acc : f64
    linalg.yield %r : f64
  } -> tensor<16384xf64>
  %sum3 = tensor.expand_shape %sum [[0, 1, 2]] output_shape [32, 512, 1] : tensor<16384xf64> into tensor<32x512x1xf64>
  %var3 = tensor.expand_shape %var [[0, 1, 2]] output_shape [32, 512, 1] : tensor<16384xf64> into tensor<32x512x1xf64>
  %ey = tensor.empty() : tensor<32x512x1024xf32>
  %y = linalg.generic {indexing_maps = [#id3, #rows3, #rows3, #col3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %sum3, %var3, %w, %b : tensor<32x512x1024xf32>, tensor<32x512x1xf64>, tensor<32x512x1xf64>, tensor<1024xf32>, tensor<1024xf32>) outs(%ey : tensor<32x512x1024xf32>) {
  ^bb0(%a: f32, %s: f64, %v: f64, %wi: f32, %bi: f32, %o: f32):
    %mean = arith.divf %s, %n : f64
    %var_n = arith.divf %v, %n : f64
    %ve = arith.addf %var_n, %eps : f64
    %rstd = math.rsqrt %ve : f64
    %a64 = arith.extf %a : f32 to f64
    %d = arith.subf %a64, %mean : f64
    %nrm = arith.mulf %d, %rstd : f64
    %nf = arith.truncf %nrm : f64 to f32
    %sc = arith.mulf %nf, %wi : f32
    %r = arith.addf %sc, %bi : f32
    linalg.yield %r : f32
  } -> tensor<32x512x1024xf32>
  return %y : tensor<32x512x1024xf32>
}
