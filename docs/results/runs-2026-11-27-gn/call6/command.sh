#!/usr/bin/env bash
# Device call 6 (2026-11-27, fourth session): the final bundle (f08f5b4 and
# the forwarding of a row statistic's repeated loads), right after call 5's
# baseline on the same machine where it stayed warm.
# 1. KL, layer norm, instance norm, level3/04 and group norm, two rounds.
# 2. KL per kernel (CUPTI).
# 3. All GPU lit tests (test/GPU).
cd "$(dirname "$0")/.."
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_new_$round.json" --chip=sm_90 --plans dist/torch-plans --filter level1/56 level1/31 level1/33 level3/04 level1/34 --no-compile > "$OUT/ab_new_$round.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:10s} {r['problem'][:30]:30s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_new_$round.json" "new_$round"
done
$b/ks/bin/ks-run dist/torch-imports/level1/56_kl_div_loss.mlir --plan=dist/torch-plans/level1__56_kl_div_loss.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_kl_new.txt" 2>&1
grep -A4 "kernels (CUPTI)" "$OUT/run_kl_new.txt"
KS_DEVICE_PARTS=lit bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -8 "$OUT/lit.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name lit.txt -delete
