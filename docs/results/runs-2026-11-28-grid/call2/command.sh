#!/usr/bin/env bash
# Device call 2 (2026-11-28 grid session): level1/37 (Frobenius) under
# the current plans and grid_reduce_then_map plans of 1024, 512 and 256
# threads a block (one block an SM: 64, 128 and 255 registers a thread;
# R vectors a thread kept in registers, S in shared memory), two rounds,
# medians; CUPTI of T512_R24_S28.
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
# The skill files of this tree (wider parameter lists than the bundle's).
rm -rf "$b/ks/skills" && cp -r skills "$b/ks/skills"
cat "$b/ks/REVISION"
bench() { # tag plans
  local t=$1 plans=$2
  KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$t.json" --chip=sm_90 --plans "$plans" --filter level1/37_ --no-compile > "$OUT/ab_$t.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    c = r.get('copy_ms') or 0; k = r.get('ks_median_ms') or 0
    print(f\"{sys.argv[2]:16s} {r['problem'][:26]:26s} {r['status']:9s} ks {k:.4f} (mean {r.get('ks_ms') or 0:.4f}) eager {r.get('eager_median_ms') or 0:.4f} copy {c:.4f} {100*c/k if k and c else 0:.0f}%\")
" "$OUT/ab_$t.json" "$t" || tail -5 "$OUT/ab_$t.log"
}
for round in 1 2; do
  bench base_$round dist/torch-plans
  for v in $(ls dist/grid-plans); do
    bench ${v}_$round dist/grid-plans/$v
  done
done
p=37_frobenius_norm
for plan in dist/grid-plans/T512_R24_S28; do
  t=$(basename $plan)
  "$b"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=$plan/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/run_${p}_$t.txt" 2>&1
  echo "== $t"; grep -E "output #" "$OUT/run_${p}_$t.txt"; grep -A4 "kernels (CUPTI)" "$OUT/run_${p}_$t.txt"
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
