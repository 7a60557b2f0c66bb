#!/usr/bin/env bash
# Device call 5 (2026-11-27, fourth session): baseline for the forwarding of
# a row statistic's repeated loads: the bundle of f08f5b4 (group norm in
# one kernel; plans dist/torch-plans), the four problems whose PTX the
# forwarding changes (KL, layer norm, instance norm, level3/04) and group
# norm, two rounds.
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_f08_$round.json" --chip=sm_90 --plans dist/torch-plans --filter level1/56 level1/31 level1/33 level3/04 level1/34 --no-compile > "$OUT/ab_f08_$round.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:10s} {r['problem'][:30]:30s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_f08_$round.json" "f08_$round"
done
$b/ks/bin/ks-run dist/torch-imports/level1/56_kl_div_loss.mlir --plan=dist/torch-plans/level1__56_kl_div_loss.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_kl_f08.txt" 2>&1
grep -A4 "kernels (CUPTI)" "$OUT/run_kl_f08.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
