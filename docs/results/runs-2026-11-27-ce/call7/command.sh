#!/usr/bin/env bash
# Device call 7 (2026-11-27, fifth session): the bundle of bb83b64-and-after
# (skills beside the library): the new GPU test of the C API finding
# lib/../skills, and the GPU tests of both row skills again.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/ksrt-skills-beside-library.test test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-fuse_rows_warp.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"; grep -E "^(FAIL|PASS)" "$OUT"/lit-gpu.log
grep -B2 -A25 "^FAIL" "$OUT"/lit-gpu.log | head -60
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name lit.txt -delete
