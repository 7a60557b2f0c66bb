#!/usr/bin/env bash
# Device call 1 (2026-11-28 session): a bundle given as $1 (the base:
# HEAD 6d7311e's; or the new one), group norm (level1/34) with its plan
# (C 8, T 512, M 2) and the variants under dist/variants/gn-*, two rounds,
# medians; CUPTI per kernel of the plan.
cd "$(dirname "$0")/.."
tag=$1; tarball=$2
new=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$new" -xJf "$tarball"
bench() { # tag bundle plans problem
  KS_LIB=$2/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$1.json" --chip=sm_90 --plans "$3" --filter "$4" --no-compile > "$OUT/ab_$1.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:16s} {r['problem'][:24]:24s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_$1.json" "$1"
}
for round in 1 2; do
  bench ${tag}_plan_$round "$new" dist/torch-plans level1/34
  for v in dist/variants/gn-*; do bench ${tag}_$(basename $v)_$round "$new" $v level1/34; done
done
p=34_group_norm
"$new"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/run_${p}_$tag.txt" 2>&1
grep -E "output #" "$OUT/run_${p}_$tag.txt"; grep -A4 "kernels (CUPTI)" "$OUT/run_${p}_$tag.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
