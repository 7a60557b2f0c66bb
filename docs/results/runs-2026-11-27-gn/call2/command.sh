#!/usr/bin/env bash
# Device call 2 (2026-11-27, fourth session): the same bundle as call 1,
# with the repo's skills/fuse_rows_cluster (a V parameter: 0 keeps no row
# in registers, so the kernel needs 32-34 registers and more blocks fit an
# SM) copied over the bundle's. level1/34 and level2/05 under V = 0
# variants and call 1's best (C 4 T 1024, V 1), two rounds for the first
# five.
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
for v in gn-C4T1024 gn-C4T1024V0E1 gn-C4T512V0E1 gn-C8T512V0E1 gn-C2T1024V0E1 gn-C8T256V0E1 gn-C4T1024V0E4 gn-C4T512V0E4 gn-C8T512V0E4 gn-C8T256V0E4; do ab $v 1; done
for v in gn-C4T1024 gn-C4T1024V0E1 gn-C4T512V0E1 gn-C8T512V0E1 gn-C4T1024V0E4; do ab $v 2; done
for v in gn-C4T512V0E1 gn-C4T1024V0E4; do
  $new/ks/bin/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/$v/level1__34_group_norm.plan.json --reference=none --seed=5 --trials=20 > "$OUT/run_$v.txt" 2>&1
  echo "== $v"; grep -A3 "kernels (CUPTI)" "$OUT/run_$v.txt"
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
