#!/usr/bin/env bash
# Device call 10 (2026-11-27, fourth session): baseline for group norm's
# apply taking the input from registers: the bundle of f08f5b4 (the apply
# re-reads the input from the L2), level1/34 with its plan (C 8 T 512 M 2)
# and C 8 T 1024 M 2, two rounds. Call 11 follows on the same machine.
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  for v in gn-C8T512M2 gn-C8T1024M2; do
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
