// REQUIRES: cuda-gpu
// conv_implicit_gemm_fma_pipelined on level2/10's convolution at a quarter
// of its batch (8 images of 128 channels at 30x30, 256 3x3 filters, onto a
// bias): the exact FMA GEMM gathering its windows from the input matches
// the CPU reference on fresh random inputs, and the plan's kernel is just
// the GEMM (7 x 4 tiles an image, 8 images), its sums starting from the
// bias. Then the strided 3x5 convolution and the padded one with partial
// tiles, also with its padding folded into the gather (FOLD = 1).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_implicit_gemm_fma_pipelined", "params": {"BM": 64, "BN": 128, "BK": 16, "WM": 32, "WN": 64, "TM": 8, "TN": 8, "S": 2, "MINB": 3}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=96 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x256x28x28xf32: match" %t.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 1 or [7, 4, 8, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_implicit_gemm_fma_pipelined", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "TM": 4, "TN": 4, "S": 2, "MINB": 0}}]}' > %t.small.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv2d_strided_2x4x21x23.mlir --plan=%t.small.plan.json --seed=97 | grep -q "output #0 2x8x10x10xf32: match"
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_implicit_gemm_fma_pipelined", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "TM": 4, "TN": 4, "S": 2, "MINB": 0, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv2d_padded_odd_2x4x7x7.mlir --plan=%t.fold.plan.json --seed=98 | grep -q "output #0 2x12x7x7xf32: match"
func.func @main(%x: tensor<8x128x30x30xf32>, %w: tensor<256x128x3x3xf32>, %b: tensor<256xf32>) -> tensor<8x256x28x28xf32> {
  %e = tensor.empty() : tensor<8x256x28x28xf32>
  %init = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<8x256x28x28xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x128x30x30xf32>, tensor<256x128x3x3xf32>) outs(%init : tensor<8x256x28x28xf32>) -> tensor<8x256x28x28xf32>
  return %y : tensor<8x256x28x28xf32>
}
