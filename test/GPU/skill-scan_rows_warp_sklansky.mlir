// REQUIRES: cuda-gpu
// scan_rows_warp_sklansky on the GPU, against torch's own CUDA scans bit for
// bit (PyTorch calls the ks-compiled program on its tensors): KernelBench's
// cumsum of 128 rows of 32768 (this file; PyTorch's chunk there is 512), an
// f64 cumprod of 127 rows of 4001 (chunk 256, the shuffles in two 32-bit
// halves), the cumsum of 4 rows of 1000 (chunk 512), and as Torch-MLIR
// imports them the reverse cumsum (its last flip done by the kernel's
// stores) and the exclusive cumsum (FOLD = 1: the shifted rows read from
// the input in place) of 4 rows of 1000, and 2048 rows of 1024 (chunk 32)
// with 8 chunks a warp; the exclusive cumsum written cat(zeros, cumsum(x[:,
// :-1])) of 2048 rows of 8192 (chunk 64, 4 chunks a warp), its scan
// writing columns 1.. of the result in place. Each trial's inputs are fresh;
// every element must be torch's. Then ks-run's check of the small cumsum
// against the CPU reference's sequential fold (within its tolerance), and
// the big one's plan: one kernel, a block of 512 threads a row.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 512}}]}' > %t.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %s %t.plan.json cumsum 128 32768 float32 > %t.log
// RUN: grep -c "equal to torch.cumsum" %t.log | grep -q "^3$"
// RUN: grep -c ": 4194304 of 4194304 equal to torch.cumsum" %t.log | grep -q "^3$"
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 256, "T": 128}}]}' > %t.prod.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/../Skills/Inputs/cumprod_rows_127x4001_f64.mlir %t.prod.plan.json cumprod 127 4001 float64 > %t.prod.log
// RUN: grep -c ": 508127 of 508127 equal to torch.cumprod" %t.prod.log | grep -q "^3$"
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/../Skills/Inputs/cumsum_rows_4x1000.mlir %t.plan.json cumsum 4 1000 float32 > %t.small.log
// RUN: grep -c ": 4000 of 4000 equal to torch.cumsum" %t.small.log | grep -q "^3$"
// RUN: echo '{"dispatches": [{"id": 2, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 512}}]}' > %t.reverse.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/../Skills/Inputs/reverse_cumsum_4x1000.mlir %t.reverse.plan.json reverse_cumsum 4 1000 float32 > %t.reverse.log
// RUN: grep -c ": 4000 of 4000 equal to torch.reverse_cumsum" %t.reverse.log | grep -q "^3$"
// RUN: echo '{"dispatches": [{"id": 3, "skill": "scan_rows_warp_sklansky", "params": {"W": 512, "T": 512, "FOLD": 1}}]}' > %t.exclusive.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/../Skills/Inputs/exclusive_cumsum_4x1000.mlir %t.exclusive.plan.json exclusive_cumsum 4 1000 float32 > %t.exclusive.log
// RUN: grep -c ": 4000 of 4000 equal to torch.exclusive_cumsum" %t.exclusive.log | grep -q "^3$"
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 32, "T": 64, "CW": 8}}]}' > %t.cw.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/Inputs/cumsum_rows_2048x1024.mlir %t.cw.plan.json cumsum 2048 1024 float32 > %t.cw.log
// RUN: grep -c ": 2097152 of 2097152 equal to torch.cumsum" %t.cw.log | grep -q "^3$"
// RUN: echo '{"dispatches": [{"id": 2, "skill": "scan_rows_warp_sklansky", "params": {"W": 64, "T": 128, "CW": 4}}]}' > %t.cat.plan.json
// RUN: %python %S/Inputs/scan_torch.py %ks_library %S/Inputs/exclusive_cumsum_cat_2048x8192.mlir %t.cat.plan.json cat_exclusive_cumsum 2048 8192 float32 > %t.cat.log
// RUN: grep -c ": 16777216 of 16777216 equal to torch.cat_exclusive_cumsum" %t.cat.log | grep -q "^3$"
// RUN: ks-run %S/../Skills/Inputs/cumsum_rows_4x1000.mlir --plan=%t.plan.json --seed=97 | grep -q "output #0 4x1000xf32: match"
// RUN: ks-run %s --plan=%t.plan.json --reference=none --trials=5 --json=%t.json > %t.run.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 1 or ks[0]['grid'] + ks[0]['block'] != [128, 1, 1, 512, 1, 1])" %t.json
func.func @main(%x: tensor<128x32768xf32>) -> tensor<128x32768xf32> {
  %identity = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x32768xf32>
  %f = linalg.fill ins(%identity : f32) outs(%e : tensor<128x32768xf32>) -> tensor<128x32768xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<128x32768xf32>) outs(%f : tensor<128x32768xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %j64 = arith.index_cast %j : index to i64
    %upto = arith.cmpi sge, %k64, %j64 : i64
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<128x32768xf32>
  return %r : tensor<128x32768xf32>
}
