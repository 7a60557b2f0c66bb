#!/usr/bin/env bash
# Device call 3: GPU tests of the kernels that start from a bias; last
# session's plans against this session's on the transposed convolutions
# (both through this bundle: the bias copies fold under either plan), then
# all 74 problems with this session's plans (the final run).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-conv_implicit_gemm_tf32x3_mma.mlir test/GPU/skill-matmul_tf32x3_mma.mlir test/GPU/skill-conv_tf32x3_wgmma_tma.mlir test/GPU/skill-matmul_tf32x3_wgmma_tma.mlir test/GPU/skill-scan_rows_warp_sklansky.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -8
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/torch-plans dist/p3-plans" KS_AB_PROBLEMS="level1/16 level2/07" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level"
rm -rf dist/torch-plans && mv dist/p3-plans dist/torch-plans
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=420 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -75 "$OUT/torch.txt"
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
