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
