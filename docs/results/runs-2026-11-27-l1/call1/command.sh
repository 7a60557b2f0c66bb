#!/usr/bin/env bash
# Device call 1 (2026-11-27, third session): how fast a pure read-and-reduce
# goes on the H100 (dist/micro/readbw.cu: hand-written variants at level1/41's
# and level1/37's sizes, L2 flushed, against a same-bytes copy), beside ks's
# own kernels for level1/41 and level1/37 (ks-run, CUPTI).
cd "$(dirname "$0")/.."
nvcc -O3 -arch=sm_90 -std=c++17 dist/micro/readbw.cu -o /tmp/readbw && /tmp/readbw | tee "$OUT/readbw.txt"
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for p in level1/41_global_avg_pool level1/37_frobenius_norm; do
  $new/ks/bin/ks-run dist/torch-imports/$p.mlir --plan=dist/torch-plans/${p/\//__}.plan.json --reference=none --seed=5 --trials=20 > "$OUT/cupti-${p#*/}.txt" 2>&1
  echo "== $p"; grep -A6 "kernels (CUPTI)" "$OUT/cupti-${p#*/}.txt" | grep -v "^$"
done
