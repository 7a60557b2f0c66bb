#!/usr/bin/env bash
# Device call 2: GPU tests touched by the padded-copy and scan changes;
# old plans against new (scans on the warp skill, level2/07 with FOLD 1)
# on level2/07 and a control; then all 74 problems with the new plans.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-scan_rows_warp_sklansky.mlir test/GPU/skill-conv_implicit_gemm_tf32x3_mma.mlir test/GPU/skill-grouped_conv_implicit_gemm_tf32x3_mma.mlir test/GPU/skill-pool_window_registers.mlir test/GPU/skill-pool_row_columns_registers.mlir test/GPU/skill-conv_tf32x3_wgmma_tma.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -8
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/torch-plans dist/p2-plans" KS_AB_PROBLEMS="level2/07 level1/52" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level" 
rm -rf dist/torch-plans && mv dist/p2-plans dist/torch-plans
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=420 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -60 "$OUT/torch.txt"
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
