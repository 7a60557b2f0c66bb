#!/usr/bin/env bash
# Device call 2: the cluster row chain's GPU tests (the block's early
# arrival at the kernel's last cluster barrier is new); level1/36 under a
# block-per-row plan and eight fuse_rows_cluster configurations with one
# element per thread per step (C blocks per row, T threads), two rounds.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL|PASS" "$OUT/lit.txt" | tail -4
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/l2-block dist/l2-c8t1024 dist/l2-c8t512 dist/l2-c8t256 dist/l2-c8t128 dist/l2-c4t1024 dist/l2-c4t512 dist/l2-c4t256 dist/l2-c2t1024" KS_AB_PROBLEMS="level1/36" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level"
grep -i "copy" "$OUT/ab.txt" | head -3
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
