// REQUIRES: cuda-gpu
// A kernel that reads far out of bounds (a gather with indices past the
// table) faults on the GPU (illegal address, or invalid address space,
// depending on where the wild address lands); the worker process reports it
// as a structured result and ks-run exits 3. (No CPU reference: it would read out of bounds
// too.)
// RUN: not ks-run %s --no-reference --int-low=200000000 --int-high=200000001 --json=%t.json > %t.log
// RUN: grep -q "@main: fault: GPU run failed: running the kernels failed: CUDA_ERROR_" %t.log
// RUN: grep -q '"status": "fault"' %t.json
func.func @main(%ids: tensor<256xi64>) -> tensor<256xf32> {
  %table = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%ids : tensor<256xi64>) outs(%e : tensor<256xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %v = tensor.extract %table[%i] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}
