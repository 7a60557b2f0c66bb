#!/usr/bin/env bash
# Device call 5 (2026-11-27, second session): the final run. GPU tests of
# the skills and passes this session touched, then all 74 problems with
# plans-2026-11-27-tails3 (new plans for level1/54, level1/56, level1/57;
# "reverse_blocks" for level1/34, level1/37 and level2/05).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_block.mlir test/GPU/reverse-blocks.mlir test/GPU/skill-fuse_rows_cluster.mlir test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-warp_reduce_innermost.mlir test/GPU/skill-block_reduce_innermost.mlir test/GPU/ks-run-plan.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -6
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=420 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -75 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
