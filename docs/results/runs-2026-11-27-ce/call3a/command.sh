#!/usr/bin/env bash
# Device call 3a (2026-11-27, fifth session): the baseline for call 3b on
# the same machine: the bundle of 694c1af (dist/ks-bundle-old.tar.xz) with
# last session's plans (docs/results/plans-2026-11-27-gn): cross entropy
# (five kernels) and KL, two rounds; CUPTI per kernel for both. (The
# carried tree cannot hold two bundles: call 3b runs the new one.)
cd "$(dirname "$0")/.."
old=$(mktemp -d /tmp/ks-old.XXXXXX)
tar -C "$old" -xJf dist/ks-bundle-old.tar.xz
plans=docs/results/plans-2026-11-27-gn
bench() { # tag bundle plans problem
  KS_LIB=$2/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$1.json" --chip=sm_90 --plans "$3" --filter "$4" --no-compile > "$OUT/ab_$1.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:12s} {r['problem'][:24]:24s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_$1.json" "$1"
}
for round in 1 2; do
  bench ceold_$round "$old" $plans level1/54
  bench klold_$round "$old" $plans level1/56
done
for p in 54_cross_entropy_loss 56_kl_div_loss; do
  "$old"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=$plans/level1__$p.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_${p}_old.txt" 2>&1
  grep -A6 "kernels (CUPTI)" "$OUT/run_${p}_old.txt"
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
