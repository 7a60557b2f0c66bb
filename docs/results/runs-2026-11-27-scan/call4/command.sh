#!/usr/bin/env bash
# Device call 4: global average pooling (level1/41) under the final plan
# and five other row-reduction variants, three rounds.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/torch-plans dist/v1 dist/v2 dist/v3 dist/v5 dist/v6" KS_AB_PROBLEMS="level1/41" KS_AB_ROUNDS=3 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level"
