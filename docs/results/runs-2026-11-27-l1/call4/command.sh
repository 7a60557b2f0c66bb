#!/usr/bin/env bash
# Device call 4 (2026-11-27, third session; dist/call3.sh when run): bundle where
# ks-l1-no-allocate-loads converts only streaming loads (address from a block
# id and a thread id, no other load within 128 bytes, no loop trip moving it
# by less).
# 1. GPU lit: the field's GPU test;
# 2. ks_torch bench: the 39 memory-bound problems, two rounds, under
#    dist/torch-plans (the benchmark plans) and dist/plans-na (the same plans
#    with "l1_no_allocate" on every kernel); levels 2 and 3 one round each.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/l1-no-allocate.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -3
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
bench() {  # name plans filter... 
  local name=$1 plans=$2; shift 2
  KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 150 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$name.json" --chip=sm_90 --plans dist/$plans --filter "$@" --no-compile > "$OUT/ab_$name.log" 2>&1
}
mem=$(ls dist/torch-imports/level1 | grep -E '^(2[0-9]|3[0-9]|4[0-9]|5[0-8])_.*\.mlir$' | sed 's/\.mlir$//; s#^#level1/#')
for round in 1 2; do
  bench plans_$round torch-plans $mem
  bench na_$round plans-na $mem
done
bench plans_l23 torch-plans level2/ level3/
bench na_l23 plans-na level2/ level3/
python3 - "$OUT" <<'PY'
import json, sys, os
out = sys.argv[1]
def load(n):
    f = f"{out}/ab_{n}.json"
    return {x["problem"]: x for x in json.load(open(f))["rows"]} if os.path.exists(f) else {}
cols = ["plans_1", "na_1", "plans_2", "na_2", "plans_l23", "na_l23"]
runs = {c: load(c) for c in cols}
names = sorted(set().union(*[set(d) for d in runs.values()]))
print(f"{'problem':34s} {'plans':>9s} {'na':>9s} {'plans':>9s} {'na':>9s} {'copy':>8s} status(na)")
for n in names:
    pair = [("plans_1", "na_1", "plans_2", "na_2")] if n.startswith("level1/") else [("plans_l23", "na_l23")]
    cells = [f"{runs[c].get(n, {}).get('ks_median_ms', 0):9.4f}" for c in pair[0]]
    x = runs[pair[0][1]].get(n, {})
    print(f"{n[:34]:34s} {' '.join(cells)} {x.get('copy_ms', 0):8.4f} {x.get('status', '?')}")
PY
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
