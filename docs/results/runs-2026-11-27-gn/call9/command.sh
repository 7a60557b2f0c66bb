#!/usr/bin/env bash
# Device call 9 (2026-11-27, fourth session): share 2 of 2 of all GPU
# lit tests (KS_LIT_SHARD, new in the device script), the bundle of
# f08f5b4 (HEAD differs from it only in comments, docs and the script).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_SHARD=2/2 bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -6 "$OUT/lit.txt"
grep -E "^(FAIL|PASS|UNSUPPORTED)" "$OUT/lit-gpu.log" | head -5
