// REQUIRES: cuda-gpu
// fuse_rows_block's kernel is correct on the H100: softmax over 128 rows of
// 32768 (the size of level1/24) in one kernel, a block of 512 threads per
// row, 4 elements per thread per step, against the CPU reference on fresh
// random inputs. The kernel has barriers, shared memory and shuffles.
// With V = 1 each thread keeps its 64 elements of the row in registers;
// with V = 0 it reads them back from memory for each op.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 512, "E": 4, "V": 1}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=41 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 128x32768xf32: match" %t.log
// One kernel per run, 128 blocks of 512 threads.
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// RUN: grep -A1 '"block": \[' %t.json | grep -q 512
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 1, "V": 0}}]}' > %t.memory.json
// RUN: ks-run %s --plan=%t.memory.json --seed=61 --trials=5 > %t.memory.log
// RUN: grep -q "output #0 128x32768xf32: match" %t.memory.log
// The losses at KernelBench's sizes, as Torch-MLIR imports them, against
// the CPU reference on fresh random inputs:
// - level1/56's KL divergence (Inputs/kl_div_4096x4096.mlir), its row chain
//   with RCP = 1 (the softmax's quotient a product with the sum's
//   reciprocal) and its rows' sums in one block: two kernels. Against the
//   seed's kernels on the GPU: the CPU reference sums the 16M terms one by
//   one in f32 and drifts by 3.6e-3 (relative) from both.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 1, "V": 1, "RCP": 1}}, {"id": 11, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 4, "V": 0}}]}' > %t.kl.json
// RUN: ks-run %S/Inputs/kl_div_4096x4096.mlir --plan=%t.kl.json --reference=gpu:%S/Inputs/kl_div_4096x4096.mlir --seed=43 --trials=3 --json=%t.kl.run.json > %t.kl.log
// RUN: grep -q "output #0 f32: match" %t.kl.log
// RUN: grep -c '"grid": \[' %t.kl.run.json | grep -qx 2
// - level1/57's cosine loss (Inputs/cosine_loss_8192x2048.mlir): its sum of
//   8192 row values left whole, one block folds it and divides: two kernels.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 1, "V": 1}}, {"id": 7, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 4, "V": 0}}]}' > %t.cos.json
// RUN: ks-run %S/Inputs/cosine_loss_8192x2048.mlir --plan=%t.cos.json --seed=47 --trials=3 --json=%t.cos.run.json > %t.cos.log
// RUN: grep -q "output #0 f32: match" %t.cos.log
// RUN: grep -c '"grid": \[' %t.cos.run.json | grep -qx 2
// - level1/54's cross entropy (Inputs/cross_entropy_16384x1000.mlir): each
//   row's picked loss (a gather at its target) computed in the rows' chain
//   (ks-materialize-gathered-terms), then the count of valid targets, the
//   sum of the losses and the division in one block: two kernels.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 1}}, {"id": 7, "skill": "fuse_rows_block", "params": {"T": 512, "E": 4, "V": 0}}]}' > %t.ce.json
// RUN: ks-run %S/Inputs/cross_entropy_16384x1000.mlir --plan=%t.ce.json --seed=53 --trials=3 --json=%t.ce.run.json > %t.ce.log
// RUN: grep -q "output #0 f32: match" %t.ce.log
// RUN: grep -c '"grid": \[' %t.ce.run.json | grep -qx 2
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<128x32768xf32>) -> tensor<128x32768xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x32768xf32>) outs(%f : tensor<128xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<128xf32>
  %max2 = tensor.expand_shape %max [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
  %ee = tensor.empty() : tensor<128x32768xf32>
  %exp = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max2 : tensor<128x32768xf32>, tensor<128x1xf32>) outs(%ee : tensor<128x32768xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<128x32768xf32>
  %es = tensor.empty() : tensor<128x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<128x1xf32>) -> tensor<128x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #bcast], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<128x32768xf32>) outs(%fs : tensor<128x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<128x1xf32>
  %out = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<128x32768xf32>, tensor<128x1xf32>) outs(%ee : tensor<128x32768xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<128x32768xf32>
  return %out : tensor<128x32768xf32>
}
