#!/usr/bin/env bash
# Device call 10 (2026-11-27, third session): c48f9aa's bundle; KL
# (level1/56) with its plan against three settings of its tail's kernel
# (dispatch 11: fuse_rows_block T 1024 E 4 in the plan), two rounds.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  for v in torch-plans v-kl-tail256 v-kl-tail512 v-kl-tail1024e1; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/56 --no-compile > "$OUT/${v}_$round.log" 2>&1
    python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:22s} {r['problem'][:24]:24s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/${v}_$round.json" "${v}_$round"
  done
done
$new/ks/bin/ks-run dist/torch-imports/level1/56_kl_div_loss.mlir --plan=dist/torch-plans/level1__56_kl_div_loss.plan.json --reference=none --seed=5 --trials=20 > "$OUT/cupti-56.txt" 2>&1
grep -A4 "kernels (CUPTI)" "$OUT/cupti-56.txt" | grep -v "^$"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
