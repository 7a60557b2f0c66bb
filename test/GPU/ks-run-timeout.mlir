// REQUIRES: cuda-gpu
// A kernel that runs far longer than allowed (a 268M-step recurrence to a
// 0-d result, acc = 0.999 * acc + x * y, which is not a reduction any pass
// can split, so the seed runs it on one thread: many seconds on an H100)
// is stopped by the watchdog: the worker is killed and ks-run reports a
// timeout.
// RUN: not ks-run %s --no-reference --timeout=5 --warmup=0 --trials=1 --json=%t.json > %t.log
// RUN: grep -q "@main: timeout: the GPU run did not finish within 5 s; the worker was stopped" %t.log
// RUN: grep -q '"status": "timeout"' %t.json
func.func @main(%a: tensor<65536x1xf32>, %b: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %decay = arith.constant 0.999 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> ()>],
                       iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<65536x1xf32>, tensor<4096xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %d = arith.mulf %acc, %decay : f32
    %s = arith.addf %p, %d : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
