#!/usr/bin/env bash
# Device call 7: GPU tests of the cluster row chain (with level1/34's
# group norm) and the row-chain and reduction skills, then all 74 problems
# with plans-2026-11-27-cluster (level1/36, level1/34 and level2/05 on
# fuse_rows_cluster): the final run.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-block_reduce_innermost.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -6
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=420 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -75 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
