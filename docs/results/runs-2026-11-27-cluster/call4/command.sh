#!/usr/bin/env bash
# Device call 4: KL divergence (level1/56) and cosine similarity (level1/57)
# under their final plans (fuse_rows_block T 256, E 1, V 1 on the row
# chain) against T 128, 512 and 1024, two rounds.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=ab KS_AB_PLANS="dist/torch-plans dist/r-t128 dist/r-t512 dist/r-t1024" KS_AB_PROBLEMS="level1/56 level1/57" KS_AB_ROUNDS=2 bash scripts/device-run.sh > "$OUT/ab.txt" 2>&1
sed -n '/plan folders side by side/,$p' "$OUT/ab.txt" | grep -E "^--|level"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
