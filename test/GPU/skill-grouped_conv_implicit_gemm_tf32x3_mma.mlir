// REQUIRES: cuda-gpu
// grouped_conv_implicit_gemm_tf32x3_mma on level1/14's convolution at an
// eighth of its batch, as Torch-MLIR writes it (2 images of 4 groups of 32
// channels at 58x58, already padded, 64 filters of 3x3 a group, onto a bias;
// input, filter and output expanded to the groups): the GEMM per image and
// group matches the CPU reference on fresh random inputs, and the plan's
// kernel is the GEMM (25 column tiles of the 3136 output pixels, 2 x 4
// images and groups), its sums starting from the bias (the broadcast
// folded). Then the small padded grouped convolution on the GPU, its
// padding kept and folded into the gather (FOLD = 1).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 64, "BN": 128, "BK": 16, "WM": 32, "WN": 64, "S": 3}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=111 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 2x256x56x56xf32: match" %t.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 1 or [25, 1, 8, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.json
// RUN: echo '{"dispatches": [{"id": 3, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.padded.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --plan=%t.padded.plan.json --seed=112 | grep -q "output #0 2x16x10x12xf32: match"
// RUN: echo '{"dispatches": [{"id": 3, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --plan=%t.fold.plan.json --seed=113 | grep -q "output #0 2x16x10x12xf32: match"
func.func @main(%x: tensor<2x128x58x58xf32>, %w: tensor<256x32x3x3xf32>, %b: tensor<256xf32>) -> tensor<2x256x56x56xf32> {
  %e = tensor.empty() : tensor<2x256x56x56xf32>
  %init = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<2x256x56x56xf32>) dimensions = [0, 2, 3]
  %xg = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [2, 4, 32, 58, 58] : tensor<2x128x58x58xf32> into tensor<2x4x32x58x58xf32>
  %wg = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [4, 64, 32, 3, 3] : tensor<256x32x3x3xf32> into tensor<4x64x32x3x3xf32>
  %bg = tensor.expand_shape %init [[0], [1, 2], [3], [4]] output_shape [2, 4, 64, 56, 56] : tensor<2x256x56x56xf32> into tensor<2x4x64x56x56xf32>
  %yg = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%xg, %wg : tensor<2x4x32x58x58xf32>, tensor<4x64x32x3x3xf32>) outs(%bg : tensor<2x4x64x56x56xf32>) -> tensor<2x4x64x56x56xf32>
  %y = tensor.collapse_shape %yg [[0], [1, 2], [3], [4]] : tensor<2x4x64x56x56xf32> into tensor<2x256x56x56xf32>
  return %y : tensor<2x256x56x56xf32>
}
