#!/usr/bin/env bash
# Device call 3 (2026-11-27, third session; dist/call2.sh when run): bundle with the plan field
# "l1_no_allocate" (ks-mark-l1-no-allocate, ks-l1-no-allocate-loads).
# 1. GPU lit: the field's GPU test (global avg pool, group norm);
# 2. ks_torch bench, two rounds, the 39 memory-bound problems (level1/20-58)
#    under dist/torch-plans (the benchmark plans) and dist/plans-na (the same
#    plans with "l1_no_allocate" on every kernel).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/l1-no-allocate.mlir test/GPU/reverse-blocks.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -4
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
problems=$(ls dist/torch-imports/level1 | grep -E '^(2[0-9]|3[0-9]|4[0-9]|5[0-8])_' | sed 's/\.mlir$//; s/\.json$//' | sort -u | sed 's#^#level1/#')
for round in 1 2; do
  for v in torch-plans plans-na; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 240 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter $problems --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
  done
done
python3 - "$OUT" <<'PY'
import json, sys, os
out = sys.argv[1]
runs = {}
for v in ("torch-plans", "plans-na"):
    for r in (1, 2):
        f = f"{out}/ab_{v}_{r}.json"
        if os.path.exists(f):
            runs[(v, r)] = {x["problem"]: x for x in json.load(open(f))["rows"]}
names = sorted(set().union(*[set(d) for d in runs.values()])) if runs else []
print(f"{'problem':34s} {'plans r1':>9s} {'na r1':>9s} {'plans r2':>9s} {'na r2':>9s} {'copy':>8s}  status(na)")
for n in names:
    cells = []
    for r in (1, 2):
        for v in ("torch-plans", "plans-na"):
            x = runs.get((v, r), {}).get(n, {})
            cells.append(f"{x.get('ks_median_ms', 0):9.4f}")
    cells = [cells[0], cells[1], cells[2], cells[3]]
    x = runs.get(("plans-na", 1), {}).get(n, {})
    print(f"{n[:34]:34s} {' '.join(cells)} {x.get('copy_ms', 0):8.4f}  {x.get('status', '?')}")
PY
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
