#!/usr/bin/env bash
# Device call 11 (2026-11-27, fourth session): group norm's apply taking the
# input from registers (its point loops merged, the statistics' view,
# ks-forward-row-values across reshape chains), right after call 10: level1/34
# under five variants (C 8 T 512 M 1 and 2, C 8 T 1024 M 1 and 2, C 4 T 1024), two rounds.
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  for v in gn-C8T512M2 gn-C8T512M1 gn-C8T1024M2 gn-C8T1024M1 gn-C4T1024M1; do
    KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/34 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:20s} {r['problem'][:28]:28s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_${v}_$round.json" "${v}_$round"
  done
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
