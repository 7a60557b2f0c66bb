// REQUIRES: cuda-gpu
// conv3d_implicit_gemm_tf32x3_mma on level1/18's convolution at a quarter
// of its batch and half its depth (2 volumes of 16 channels at 18x34x34,
// 32 filters of 3x3x3, onto a bias): the GEMM gathering its windows from
// the input in three spatial dims matches the CPU reference on fresh
// random inputs, and the plan's kernel is the GEMM (128 column tiles of the
// 16384 output pixels, 2 volumes), its sums starting from the bias (the
// broadcast folded).
// Then nn.Conv3d with its padding, kept and folded into the gather
// (FOLD = 1: three padded dims), on the GPU.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 128, "BK": 16, "WM": 32, "WN": 32, "S": 3}}]}' > %t.plan.json
// RUN: ks-run %s --plan=%t.plan.json --seed=101 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 2x32x16x32x32xf32: match" %t.log
// RUN: %python -c "import json, sys; ks = json.load(open(sys.argv[1]))['cupti']['kernels']; sys.exit(len(ks) != 1 or [128, 1, 2, 128, 1, 1] not in [k['grid'] + k['block'] for k in ks])" %t.json
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.padded.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --plan=%t.padded.plan.json --seed=102 | grep -q "output #0 2x8x6x8x12xf32: match"
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/../Skills/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --plan=%t.fold.plan.json --seed=103 | grep -q "output #0 2x8x6x8x12xf32: match"
func.func @main(%x: tensor<2x16x18x34x34xf32>, %w: tensor<32x16x3x3x3xf32>, %b: tensor<32xf32>) -> tensor<2x32x16x32x32xf32> {
  %e = tensor.empty() : tensor<2x32x16x32x32xf32>
  %init = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<2x32x16x32x32xf32>) dimensions = [0, 2, 3, 4]
  %y = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<2x16x18x34x34xf32>, tensor<32x16x3x3x3xf32>) outs(%init : tensor<2x32x16x32x32xf32>) -> tensor<2x32x16x32x32xf32>
  return %y : tensor<2x32x16x32x32xf32>
}
