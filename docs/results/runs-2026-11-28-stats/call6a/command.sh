#!/usr/bin/env bash
# Device call 6a/6b (2026-11-28 session): the bundle $2 (tagged $1: a =
# 2652005's, b = the stores to statistics buffers nothing reads dropped)
# on the 14 problems whose PTX 2652005 changed, with dist/torch-plans
# (instance norm with M 2), two rounds (medians); CUPTI per kernel of group
# norm's plan.
cd "$(dirname "$0")/.."
tag=$1; tarball=$2
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf "$tarball"
problems="level1/24_ level1/25_ level1/31_ level1/33_ level1/34_ level1/36_ level1/37_ level1/53_ level1/55_ level1/56_ level1/57_ level1/58_ level2/05_ level3/04_"
bench() { # tag plans filters...
  local t=$1 plans=$2; shift 2
  KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 300 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$t.json" --chip=sm_90 --plans "$plans" --filter "$@" --no-compile > "$OUT/ab_$t.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    c = r.get('copy_ms') or 0; k = r.get('ks_median_ms') or 0
    print(f\"{sys.argv[2]:14s} {r['problem'][:30]:30s} {r['status']:9s} ks {k:.4f} (mean {r.get('ks_ms') or 0:.4f}) eager {r.get('eager_median_ms') or 0:.4f} copy {c:.4f} {100*c/k if k and c else 0:.0f}%\")
" "$OUT/ab_$t.json" "$t"
}
for round in 1 2; do
  bench ${tag}_plans_$round dist/torch-plans $problems
done
p=34_group_norm
"$b"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/run_${p}_$tag.txt" 2>&1
grep -E "output #" "$OUT/run_${p}_$tag.txt"; grep -A3 "kernels (CUPTI)" "$OUT/run_${p}_$tag.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
