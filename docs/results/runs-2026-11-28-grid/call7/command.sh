#!/usr/bin/env bash
# Device call 7 (2026-11-28 grid session): the first half of the GPU test
# suite (lit shard 1/2) with the final bundle (d43eb39). Run as the
# device command, from the repository root:
KS_DEVICE_PARTS=lit KS_LIT_SHARD=1/2 timeout 540 bash scripts/device-run.sh > $OUT/lit-shard1.txt 2>&1
