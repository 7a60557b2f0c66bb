#!/usr/bin/env bash
# Device call 8 (2026-11-27, fifth session): the new GPU test of the C API
# finding lib/../skills, run with 694c1af's bundle (before the change), to
# see it fail there.
cd "$(dirname "$0")/.."
cp dist/ks-bundle-old.tar.xz dist/ks-bundle.tar.xz
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/ksrt-skills-beside-library.test" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -2 "$OUT/lit.txt"; grep -E "^(FAIL|PASS)|RUN: at line|grep" "$OUT"/lit-gpu.log | tail -6
cp "$OUT"/lit-gpu.log "$OUT"/lit-gpu.txt
cd "$OUT" && find . -mindepth 1 -not -name lit.txt -not -name lit-gpu.txt -delete
