#!/usr/bin/env bash
# Device call: the two scan skills' GPU tests, then old plans against the
# warp-a-chunk scan (T 512, T 256) on the five scan problems.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-scan_rows_warp_sklansky.mlir test/GPU/skill-scan_rows_sklansky.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -15 "$OUT/lit.txt"
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/torch-plans dist/warp512-plans dist/warp256-plans" KS_AB_PROBLEMS="level1/48 level1/49 level1/50 level1/51 level1/52" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
tail -40 "$OUT/ab.txt"
