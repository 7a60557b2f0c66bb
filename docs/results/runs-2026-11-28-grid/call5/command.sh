#!/usr/bin/env bash
# Device call 5 (2026-11-28 grid session): the final run, the bundle of
# this session's commit (grid_reduce_then_map) with dist/torch-plans (=
# docs/results/plans-2026-11-28-grid: level1/37 takes grid_reduce_then_map
# with G = 128, T = 1024, R = 9, S = 14, L = 1): all 74 problems; the GPU
# tests of grid_reduce_then_map, fuse_rows_cluster and fuse_rows_block.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=300 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-grid_reduce_then_map.mlir test/GPU/skill-fuse_rows_cluster.mlir test/GPU/skill-fuse_rows_block.mlir" \
  timeout 170 bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
