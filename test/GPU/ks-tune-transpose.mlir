// REQUIRES: cuda-gpu
// Measured on the GPU, the seed 4096^2 transpose reads down its columns:
// the counters show L2 about 94% busy (above the 90% stop) at about 30% of
// DRAM bandwidth. ks-tune caps that speed of light by the dispatch's useful
// one (its 128 MiB at DRAM bandwidth over its time), so it does not stop
// there, tries the transpose through shared memory, and keeps it.
// RUN: rm -rf %t.out
// RUN: ks-tune %s --out=%t.out --rounds=1 --trials=5 > %t.log
// RUN: not grep -q '"stopped": "speed of light' %t.out/report.json
// RUN: grep -q '"skill": "transpose_smem_tile"' %t.out/plan.json
// RUN: grep -q '"accepted":true' %t.out/trajectory.jsonl
// RUN: ks-run %s --plan=%t.out/plan.json --trials=2 > %t.run.log
// RUN: grep -q "output #0 4096x4096xf32: match" %t.run.log
func.func @main(%w: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %e = tensor.empty() : tensor<4096x4096xf32>
  %t = linalg.transpose ins(%w : tensor<4096x4096xf32>) outs(%e : tensor<4096x4096xf32>) permutation = [1, 0]
  return %t : tensor<4096x4096xf32>
}
