#!/usr/bin/env bash
# Device call 4 (2026-11-27, fourth session): the baseline. The previous
# session's bundle (8a42b5b; dist/ks-bundle.tar.xz swapped for this call)
# with its plans (plans-2026-11-27-l1: group norm's statistics in clusters
# of 4 blocks of 1024, its apply vectorized and reversed, two kernels):
# level1/34 and level2/05, two rounds.
cd "$(dirname "$0")/.."
old=$(mktemp -d /tmp/ks-old.XXXXXX)
tar -C "$old" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  KS_LIB=$old/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_prev_$round.json" --chip=sm_90 --plans dist/plans-prev --filter level1/34 level2/05 --no-compile > "$OUT/ab_prev_$round.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:20s} {r['problem'][:28]:28s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_prev_$round.json" "prev_$round"
done
$old/ks/bin/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/plans-prev/level1__34_group_norm.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_prev.txt" 2>&1
grep -A4 "kernels (CUPTI)" "$OUT/run_prev.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
