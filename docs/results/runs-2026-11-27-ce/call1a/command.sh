#!/usr/bin/env bash
# Device call 1a (2026-11-27, fifth session): cross entropy's gathered
# terms in the rows' kernel (ks-materialize-gathered-terms, the row chain
# taking a member that gathers). A/B on one machine: the bundle of 694c1af
# (dist/ks-bundle-old.tar.xz, five kernels, plans dist/torch-plans) against
# the new bundle (two kernels) under plans for the count-sum-division
# kernel (T 1024, 256, 512; 256 finishing in the rows' kernel's last
# block; 256 with the rows' kernel capped for 6 blocks an SM), two rounds.
# KL under the row skill capped for 5 and 6 blocks an SM (test-only skills
# dist/exp-skills, nvvm.minctasm = M) against its plan. Then CUPTI per
# kernel for cross entropy's old plan and T 256.
# This call: the old bundle's half (the carried tree cannot hold two
# bundles); call 1b follows on the same warm machine.
cd "$(dirname "$0")/.."
old=$(mktemp -d /tmp/ks-old.XXXXXX)
tar -C "$old" -xJf dist/ks-bundle-old.tar.xz
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
  bench old_$round "$old" dist/torch-plans level1/54
  bench klold_$round "$old" dist/torch-plans level1/56
done
ce=dist/torch-imports/level1/54_cross_entropy_loss.mlir
"$old"/ks/bin/ks-run $ce --plan=dist/torch-plans/level1__54_cross_entropy_loss.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_ce_old.txt" 2>&1
grep -A8 "kernels (CUPTI)" "$OUT/run_ce_old.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
