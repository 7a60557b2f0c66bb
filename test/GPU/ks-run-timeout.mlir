// REQUIRES: cuda-gpu
// A kernel that runs far longer than allowed (a full reduction of 32M
// elements on one thread, the seed mapping of a 0-d result) is stopped by
// the watchdog: the worker is killed and ks-run reports a timeout.
// RUN: not ks-run %s --no-reference --timeout=5 --warmup=0 --trials=1 --json=%t.json > %t.log
// RUN: grep -q "@main: timeout: the GPU run did not finish within 5 s; the worker was stopped" %t.log
// RUN: grep -q '"status": "timeout"' %t.json
func.func @main(%a: tensor<33554432xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%a : tensor<33554432xf32>) outs(%f : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}
