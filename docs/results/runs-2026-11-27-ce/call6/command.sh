#!/usr/bin/env bash
# Device call 6 (2026-11-27, fifth session): the GPU lit tests, share 2 of 2
# (KS_LIT_SHARD), with the bundle of 9811805.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_SHARD=2/2 bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"; grep -E "^(FAIL|XPASS)" "$OUT"/lit-gpu.log 2>/dev/null | head
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name lit.txt -delete
