// REQUIRES: cuda-gpu
// conv1d_implicit_gemm_tf32x3_mma on level1/17's convolution at an eighth
// of its batch (4 sequences of 64 channels at 8196, 128 filters of 5 taps,
// onto a bias): the GEMM gathering its windows from the input matches the
// CPU reference on fresh random inputs, and the plan's kernel is the GEMM
// (128 x 1 tiles a sequence, 4 sequences), its sums starting from the bias
// (the broadcast folded).
// Then nn.Conv1d with its padding, kept and folded into the gather
// (FOLD = 1), on the GPU.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 128, "BN": 64, "BK": 16, "WM": 64, "WN": 32, "S": 3}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=96 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4x128x8192xf32: match" %t.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 1 or [128, 1, 4, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.json
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.padded.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv1d_padded_bias_2x8x64.mlir --plan=%t.padded.plan.json --seed=97 | grep -q "output #0 2x12x64xf32: match"
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv1d_padded_bias_2x8x64.mlir --plan=%t.fold.plan.json --seed=98 | grep -q "output #0 2x12x64xf32: match"
func.func @main(%x: tensor<4x64x8196xf32>, %w: tensor<128x64x5xf32>, %b: tensor<128xf32>) -> tensor<4x128x8192xf32> {
  %e = tensor.empty() : tensor<4x128x8192xf32>
  %init = linalg.broadcast ins(%b : tensor<128xf32>) outs(%e : tensor<4x128x8192xf32>) dimensions = [0, 2]
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<4x64x8196xf32>, tensor<128x64x5xf32>) outs(%init : tensor<4x128x8192xf32>) -> tensor<4x128x8192xf32>
  return %y : tensor<4x128x8192xf32>
}
