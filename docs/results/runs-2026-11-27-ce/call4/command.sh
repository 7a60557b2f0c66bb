#!/usr/bin/env bash
# Device call 4 (2026-11-27, fifth session): the final run, the bundle of
# 9811805 (cross entropy in two kernels; KL's rows with M = 5) with
# dist/torch-plans (= docs/results/plans-2026-11-27-ce): all 74 problems.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=330 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
