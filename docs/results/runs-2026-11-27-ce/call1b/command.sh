#!/usr/bin/env bash
# Device call 1b (2026-11-27, fifth session): cross entropy's gathered
# terms in the rows' kernel (ks-materialize-gathered-terms, the row chain
# taking a member that gathers). A/B on one machine: the bundle of 694c1af
# (dist/ks-bundle-old.tar.xz, five kernels, plans dist/torch-plans) against
# the new bundle (two kernels) under plans for the count-sum-division
# kernel (T 1024, 256, 512; 256 finishing in the rows' kernel's last
# block; 256 with the rows' kernel capped for 6 blocks an SM), two rounds.
# KL under the row skill capped for 5 and 6 blocks an SM (test-only skills
# dist/exp-skills, nvvm.minctasm = M) against its plan. Then CUPTI per
# kernel for cross entropy's old plan and T 256.
# This call: the new bundle's half, right after call 1a (the old bundle)
# on the same machine.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
cp -r dist/variants/exp-skills/* "$new"/ks/skills/
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
  bench T256_$round "$new" dist/variants/ce-T256 level1/54
  for v in T1024 T256F T512 T256M6; do bench ${v}_$round "$new" dist/variants/ce-$v level1/54; done
  bench klplan_$round "$new" dist/torch-plans level1/56
  for v in M5 M6; do bench kl${v}_$round "$new" dist/variants/kl-$v level1/56; done
done
ce=dist/torch-imports/level1/54_cross_entropy_loss.mlir
"$new"/ks/bin/ks-run $ce --plan=dist/variants/ce-T256/level1__54_cross_entropy_loss.plan.json --seed=5 --trials=20 > "$OUT/run_ce_T256.txt" 2>&1
grep -E "match|mismatch" "$OUT/run_ce_T256.txt"; grep -A8 "kernels (CUPTI)" "$OUT/run_ce_T256.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
