// REQUIRES: cuda-gpu
// Hardware counters from CUPTI's range profiler point the right way:
// - @copy, a copy of 64M floats (256 MiB in, 256 MiB out), is bandwidth-
//   bound: DRAM throughput above SM throughput (one element per thread keeps
//   the SM busy with index arithmetic), DRAM counting the 512 MiB moved;
// - @sines, 24 chained sines per element of 4M floats (16 MiB each way), is
//   compute-bound: SM throughput well above DRAM throughput.
// Every metric the planner reads is reported, with the occupancy and its
// limiter.
// RUN: ks-run %s --entry=copy --no-reference --warmup=1 --trials=3 --json=%t.copy.json > %t.copy.log
// RUN: grep -q "DRAM%" %t.copy.log
// RUN: %python %S/Inputs/check_counters.py %t.copy.json memory > %t.copy.check
// RUN: grep -q "^memory-bound: DRAM well above SM$" %t.copy.check
// RUN: ks-run %s --entry=sines --no-reference --warmup=1 --trials=3 --json=%t.sines.json > %t.sines.log
// RUN: %python %S/Inputs/check_counters.py %t.sines.json compute > %t.sines.check
// RUN: grep -q "^compute-bound: SM well above DRAM$" %t.sines.check
func.func @copy(%a: tensor<64x1048576xf32>) -> tensor<64x1048576xf32> {
  %e = tensor.empty() : tensor<64x1048576xf32>
  %r = linalg.copy ins(%a : tensor<64x1048576xf32>) outs(%e : tensor<64x1048576xf32>) -> tensor<64x1048576xf32>
  return %r : tensor<64x1048576xf32>
}

func.func @sines(%a: tensor<4194304xf32>) -> tensor<4194304xf32> {
  %e = tensor.empty() : tensor<4194304xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y0 = math.sin %x : f32
    %y1 = math.sin %y0 : f32
    %y2 = math.sin %y1 : f32
    %y3 = math.sin %y2 : f32
    %y4 = math.sin %y3 : f32
    %y5 = math.sin %y4 : f32
    %y6 = math.sin %y5 : f32
    %y7 = math.sin %y6 : f32
    %y8 = math.sin %y7 : f32
    %y9 = math.sin %y8 : f32
    %y10 = math.sin %y9 : f32
    %y11 = math.sin %y10 : f32
    %y12 = math.sin %y11 : f32
    %y13 = math.sin %y12 : f32
    %y14 = math.sin %y13 : f32
    %y15 = math.sin %y14 : f32
    %y16 = math.sin %y15 : f32
    %y17 = math.sin %y16 : f32
    %y18 = math.sin %y17 : f32
    %y19 = math.sin %y18 : f32
    %y20 = math.sin %y19 : f32
    %y21 = math.sin %y20 : f32
    %y22 = math.sin %y21 : f32
    %y23 = math.sin %y22 : f32
    linalg.yield %y23 : f32
  } -> tensor<4194304xf32>
  return %r : tensor<4194304xf32>
}
