// REQUIRES: cuda-gpu
// conv_im2col_tf32x3_mma on level2/10's convolution at a quarter of its
// batch (8 images of 128 channels at 30x30, 256 3x3 filters, onto a bias):
// the windows copied into [8, 1152, 784], the filter broadcast, the GEMM on
// tensor cores (64 x 128 tiles) match the CPU reference on fresh random
// inputs; the plan's kernels are the copy, the filter broadcast and the
// GEMM (7 x 4 tiles an image), whose sums start from the bias (its
// broadcast folded).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_im2col_tf32x3_mma", "params": {"BM": 64, "BN": 128, "BK": 16, "WM": 32, "WN": 64, "S": 3}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=91 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 8x256x28x28xf32: match" %t.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 3 or [7, 4, 8, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.json
func.func @main(%x: tensor<8x128x30x30xf32>, %w: tensor<256x128x3x3xf32>, %b: tensor<256xf32>) -> tensor<8x256x28x28xf32> {
  %e = tensor.empty() : tensor<8x256x28x28xf32>
  %init = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<8x256x28x28xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<8x128x30x30xf32>, tensor<256x128x3x3xf32>) outs(%init : tensor<8x256x28x28xf32>) -> tensor<8x256x28x28xf32>
  return %y : tensor<8x256x28x28xf32>
}
