// REQUIRES: cuda-gpu
// Hardware counters from CUPTI's range profiler: a copy of 64M floats
// (256 MiB in, 256 MiB out) is bandwidth-bound, so DRAM throughput is far
// above SM throughput; every metric the planner reads is reported, with the
// occupancy and its limiter.
// RUN: ks-run %s --no-reference --warmup=1 --trials=3 --json=%t.json > %t.log
// RUN: grep -q "DRAM%" %t.log
// RUN: %python %S/Inputs/check_counters.py %t.json > %t.check
// RUN: grep -q "^memory-bound: DRAM far above SM$" %t.check
func.func @main(%a: tensor<64x1048576xf32>) -> tensor<64x1048576xf32> {
  %e = tensor.empty() : tensor<64x1048576xf32>
  %r = linalg.copy ins(%a : tensor<64x1048576xf32>) outs(%e : tensor<64x1048576xf32>) -> tensor<64x1048576xf32>
  return %r : tensor<64x1048576xf32>
}
