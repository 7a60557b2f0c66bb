// REQUIRES: cuda-gpu
// The two references for sizes the CPU is too slow for, each named in the
// report: a second GPU variant of the program (here the same matmul written
// as a linalg.generic) run on the same inputs, or the same program at a
// smaller size checked against the CPU while this one is only timed. A
// variant that computes something else is caught.
// RUN: ks-run %s --reference=gpu:%S/Inputs/matmul_1024_generic.mlir --trials=2 --json=%t.gpu.json > %t.gpu.log
// RUN: grep -q "@main: GPU vs the GPU reference .*matmul_1024_generic.mlir" %t.gpu.log
// RUN: grep -q "output #0 1024x1024xf32: match" %t.gpu.log
// RUN: grep -q '"kind": "gpu"' %t.gpu.json
// RUN: not ks-run %s --reference=gpu:%S/Inputs/matmul_1024_plus_one.mlir --trials=1 > %t.bad.log
// RUN: grep -q "output #0 1024x1024xf32: MISMATCH" %t.bad.log
// RUN: ks-run %s --check-at=%S/Inputs/matmul_64.mlir --trials=2 --json=%t.small.json > %t.small.log
// RUN: grep -q "@main: GPU, checked at a smaller size (.*matmul_64.mlir): match" %t.small.log
// RUN: grep -q '"kind": "cpu, at a smaller size"' %t.small.json
// RUN: grep -q '"passed": true' %t.small.json
// The check compiles the smaller program with the same plan: its GEMM is the
// tensor-core kernel under test (one 64 x 64 tile of 128 threads at 64^3),
// not the seed (16 blocks of 256).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --check-at=%S/Inputs/matmul_64.mlir --trials=2 --json=%t.planned.json > %t.planned.log
// RUN: grep -q "@main: GPU, checked at a smaller size (.*matmul_64.mlir): match" %t.planned.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['reference']['check']['cupti']['kernels']; sys.exit([1, 1, 1, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.planned.json
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
