#!/usr/bin/env bash
# Device call 1 (2026-11-27, fourth session): group norm in one kernel
# (ks-extracts-to-operands + row chains whose apply runs over several
# points of a row per loop step). The new bundle only.
# 1. The GPU test of fuse_rows_cluster (group norm in one kernel, C 4 T 1024
#    and C 8 T 512, against the CPU reference).
# 2. level1/34 and level2/05 under seven plan variants, two rounds
#    (bench, --no-compile: ks median, copy).
# 3. Per kernel (CUPTI) for two variants.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_cluster.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"
for round in 1 2; do
  for v in gn-C4T1024 gn-C8T256 gn-C8T512 gn-C8T1024 gn-C4T512 gn-C2T1024 gn-C8T512-na; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/34 level2/05 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:18s} {r['problem'][:28]:28s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_${v}_$round.json" "${v}_$round"
  done
done
for v in gn-C4T1024 gn-C8T512; do
  $new/ks/bin/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/$v/level1__34_group_norm.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_$v.txt" 2>&1
  echo "== $v"; grep -iE "kernel|us|ms" "$OUT/run_$v.txt" | head -8
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
