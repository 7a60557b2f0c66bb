#!/usr/bin/env bash
# Device call 5: group norm (level1/34) and conv + group norm (level2/05)
# with ks-split-large-reductions leaving 128 rows whole (max-outputs 127):
# the statistics' row chain (sums, mean, variance, per-channel scale and
# shift) in one fuse_rows_cluster kernel, C blocks of T threads per group,
# four configurations, two rounds; then the cluster GPU test.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/gn-c8t512 dist/gn-c8t1024 dist/gn-c8t256 dist/gn-c4t1024" KS_AB_PROBLEMS="level1/34 level2/05" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level"
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -3
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
