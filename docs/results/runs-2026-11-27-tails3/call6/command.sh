#!/usr/bin/env bash
# Device call 6 (2026-11-27, second session): bundle with ks.hoist_body_loads
# in vectorize_128bit, so group norm's apply vectorizes.
# 1. GPU lit: vectorize_128bit's test (with level1/34's import, its apply
#    vectorized, against the CPU) and the cluster skill's;
# 2. ks-run per-kernel times (CUPTI) of level1/34 with the vectorized apply;
# 3. ks_torch bench, two rounds: level1/34 and level2/05 under dist/plans-prev
#    (call 5's plans) and dist/gnv256 (the apply vectorized, TX 256);
# 4. all 74 problems with dist/torch-plans (call 5's plans with gnv256's for
#    level1/34 and level2/05): the final run.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-vectorize_128bit.mlir test/GPU/skill-fuse_rows_cluster.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -4
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
$new/ks/bin/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/gnv256/level1__34_group_norm.plan.json --reference=none --seed=5 --trials=20 > "$OUT/cupti-gnv256-34.txt" 2>&1
grep -A5 "kernels (CUPTI)" "$OUT/cupti-gnv256-34.txt" | grep -v "^$"
for round in 1 2; do
  for v in plans-prev gnv256; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/34 level2/05 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    echo "-- $v round $round"
    python3 - "$OUT/ab_${v}_$round.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(f"{r['problem']:34s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f})  eager {r.get('eager_median_ms', 0):.4f}  copy {r.get('copy_ms', 0):.4f}  ks/copy {r.get('copy_ms', 0) / max(r.get('ks_ms', 1e-9), 1e-9):.2f}")
PY
  done
done
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=330 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
