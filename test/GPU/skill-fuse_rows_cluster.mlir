// REQUIRES: cuda-gpu
// fuse_rows_cluster's kernels are correct on the H100 (thread-block
// clusters, distributed shared memory), against the CPU reference on fresh
// random inputs, at row lengths one block cannot keep in registers:
// - this file's L2 normalization of 256 rows of 65536 (level1/36's size):
//   8 blocks of 256 threads per row, 32 elements a thread;
// - a softmax over 64 rows of 32768 (a maximum and a sum combined across
//   the cluster): 4 blocks of 512 threads per row;
// - a layer norm over 32 rows of 32768 with f64 statistics (64-bit values
//   read from the other blocks' shared memory): 2 blocks of 1024 threads;
// - level1/34's group norm (Inputs/group_norm_16x64x128x128.mlir).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 8, "T": 256, "E": 4}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=43 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 256x65536xf32: match" %t.log
// One kernel per run, 2048 blocks of 256 threads.
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// RUN: grep -A1 '"grid": \[' %t.json | grep -q 2048
// RUN: sed 's/16x2048/64x32768/g; s/16x1x/64x1x/g; s/<16xf32>/<64xf32>/g; s/\[16, 1\]/[64, 1]/' %S/../Skills/Inputs/row_chain_softmax.mlir > %t.softmax.mlir
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 512, "E": 4}}]}' > %t.softmax.json
// RUN: ks-run %t.softmax.mlir --plan=%t.softmax.json --seed=47 --trials=3 > %t.softmax.log
// RUN: grep -q "output #0 64x32768xf32: match" %t.softmax.log
// RUN: sed 's/2x32x256/2x16x32768/g; s/2x32x1x/2x16x1x/g; s/64x256x/32x32768x/g; s/<64xf64>/<32xf64>/g; s/<256xf32>/<32768xf32>/g; s/\[2, 32, 1\]/[2, 16, 1]/g; s/256.0 : f64/32768.0 : f64/' %S/../Skills/Inputs/row_chain_layer_norm.mlir > %t.layer_norm.mlir
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 1024, "E": 1}}]}' > %t.layer_norm.json
// RUN: ks-run %t.layer_norm.mlir --plan=%t.layer_norm.json --seed=53 --trials=3 > %t.layer_norm.log
// RUN: grep -q "output #0 2x16x32768xf32: match" %t.layer_norm.log
// A group norm as Torch-MLIR imports level1/34 (16 x 64 x 128 x 128, 8
// groups): each group's f64 statistics, its channels' scales and shifts
// and the apply in one kernel, 4 blocks of 1024 threads per group (2
// channels a block), and 8 blocks of 512 (a channel a block, two blocks an
// SM: the benchmark's plan).
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 1024, "E": 1}}]}' > %t.gn.json
// RUN: ks-run %S/Inputs/group_norm_16x64x128x128.mlir --plan=%t.gn.json --seed=59 --trials=3 --json=%t.gn.result.json > %t.gn.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.gn.log
// RUN: grep -c '"grid": \[' %t.gn.result.json | grep -qx 1
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 8, "T": 512, "E": 1}}]}' > %t.gn8.json
// RUN: ks-run %S/Inputs/group_norm_16x64x128x128.mlir --plan=%t.gn8.json --seed=61 --trials=3 --json=%t.gn8.result.json > %t.gn8.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.gn8.log
// RUN: grep -c '"grid": \[' %t.gn8.result.json | grep -qx 1
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<256x65536xf32>) -> tensor<256x65536xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-12 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x65536xf32>) outs(%f : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %sq2 = tensor.expand_shape %sq [[0, 1]] output_shape [256, 1] : tensor<256xf32> into tensor<256x1xf32>
  %o = tensor.empty() : tensor<256x65536xf32>
  %y = linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sq2 : tensor<256x65536xf32>, tensor<256x1xf32>) outs(%o : tensor<256x65536xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %n = math.sqrt %s : f32
    %c = arith.maximumf %n, %eps : f32
    %q = arith.divf %a, %c : f32
    linalg.yield %q : f32
  } -> tensor<256x65536xf32>
  return %y : tensor<256x65536xf32>
}
