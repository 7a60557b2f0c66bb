#!/usr/bin/env bash
# Device call 3: GPU tests of the row-chain and reduction skills (the
# cluster reduction's code sits in the pass they share), then all 74
# problems with plans-2026-11-27-cluster (level1/36 on fuse_rows_cluster,
# C 4, T 256, E 1; the others as plans-2026-11-27-scan): the final run.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-block_reduce_innermost.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -6
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=420 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -75 "$OUT/torch.txt"
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
