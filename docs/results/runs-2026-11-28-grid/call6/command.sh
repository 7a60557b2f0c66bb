#!/usr/bin/env bash
# Device call 6 (2026-11-28 grid session): the final bundle and plans
# again on level1/42 (sum over a dim: 73% of a copy in call 5 with the
# same PTX as last session's 89%), level1/37 and level1/34, two rounds,
# medians; CUPTI of level1/42.
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
cat "$b/ks/REVISION"
for round in 1 2; do
  KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/bench_$round.json" --chip=sm_90 --plans dist/torch-plans --filter level1/42_ level1/37_ level1/34_ --no-compile > "$OUT/bench_$round.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    c = r.get('copy_ms') or 0; k = r.get('ks_median_ms') or 0
    print(f\"round {sys.argv[2]} {r['problem'][:26]:26s} {r['status']:9s} ks {k:.4f} (mean {r.get('ks_ms') or 0:.4f}) eager {r.get('eager_median_ms') or 0:.4f} copy {c:.4f} {100*c/k if k and c else 0:.0f}%\")
" "$OUT/bench_$round.json" "$round" || tail -5 "$OUT/bench_$round.log"
done
p=42_sum_dim
"$b"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/run_$p.txt" 2>&1
grep -E "output #" "$OUT/run_$p.txt"; grep -A4 "kernels (CUPTI)" "$OUT/run_$p.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
