// REQUIRES: cuda-gpu
// A worker that dies while its kernel runs (here: killed with SIGSEGV from
// outside, as a crash in the driver or a kernel's host side would) comes
// back as "status": "crash" with the signal, and ks-run exits 3 with its
// report written.
// RUN: %python %S/Inputs/crash_worker.py %t.json > %t.log
// RUN: grep -q "@main: crash: the worker died: Segmentation fault" %t.log
// RUN: grep -q '"status": "crash"' %t.json
// RUN: grep -q "^ks-run exit 3$" %t.log
// The kernel: a 268M-step reduction on one thread, about 15 s on an H100.
func.func @main(%a: tensor<65536x1xf32>, %b: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> ()>],
                       iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<65536x1xf32>, tensor<4096xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
