#!/usr/bin/env bash
# Device call 7 (2026-11-27, fourth session): the final run with the bundle
# of f08f5b4 (call 6's forwarding was dropped: KL ran slower with it).
# 1. The GPU tests this session changed (call 6's run of all of test/GPU
#    reached test 70 of 73 before the call's limit, with no failure).
# 2. All 74 problems with dist/torch-plans (plans-2026-11-27-gn).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir test/GPU/l1-no-allocate.mlir test/GPU/skill-vectorize_128bit.mlir test/GPU/skill-warp_reduce_innermost.mlir test/GPU/skill-warp_reduce_innermost-argmax.mlir test/GPU/skill-warp_reduce_innermost-matvec.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=330 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -not -name lit.txt -delete
