#!/usr/bin/env bash
# Device call 1: the cluster row chain's GPU tests (and the block-per-row
# one beside it); level1/36 (L2 normalization, 256 x 65536, the new seed
# that keeps its row sums whole) under a block-per-row plan and six
# fuse_rows_cluster configurations, two rounds.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-block_reduce_innermost.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL|PASS" "$OUT/lit.txt" | tail -8
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/l2-block dist/l2-c8t256 dist/l2-c8t512 dist/l2-c4t512 dist/l2-c8t1024 dist/l2-c4t1024 dist/l2-c2t1024" KS_AB_PROBLEMS="level1/36" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level|copy"
tail -5 "$OUT/ab.txt"
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
