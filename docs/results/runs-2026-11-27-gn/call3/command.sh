#!/usr/bin/env bash
# Device call 3 (2026-11-27, fourth session): the same bundle as calls 1
# and 2, with the repo's skills/fuse_rows_cluster (parameters V and M: M
# blocks an SM at least, nvvm.minctasm, so ptxas caps the registers) copied
# over the bundle's. level1/34 and level2/05, call 1's best (C 4 T 1024)
# against M = 2 and 3 variants, two rounds; per kernel for C 8 T 512 M 2.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
cp skills/fuse_rows_cluster/* "$new/ks/skills/fuse_rows_cluster/"
ab() {
  KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$1_$2.json" --chip=sm_90 --plans dist/$1 --filter level1/34 level2/05 --no-compile > "$OUT/ab_$1_$2.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:20s} {r['problem'][:28]:28s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) eager {r.get('eager_median_ms', 0):.4f} copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_$1_$2.json" "$1_$2"
}
for round in 1 2; do
  for v in gn-C4T1024 gn-C8T512M2 gn-C8T256M2 gn-C8T256M3 gn-C8T1024M2; do ab $v $round; done
done
for v in gn-C8T512M2 gn-C8T256M2; do
  $new/ks/bin/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/$v/level1__34_group_norm.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_$v.txt" 2>&1
  echo "== $v"; grep -A3 "kernels (CUPTI)" "$OUT/run_$v.txt"
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
