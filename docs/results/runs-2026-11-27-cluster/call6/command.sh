#!/usr/bin/env bash
# Device call 6: per-kernel times (CUPTI, ks-run) of group norm (level1/34)
# under the cluster plan (C 4, T 1024): the statistics' kernel against the
# apply kernel; level1/36's cluster kernel beside it.
cd "$(dirname "$0")/.."
root=$(mktemp -d /tmp/ks.XXXXXX)
tar -C "$root" -xJf dist/ks-bundle.tar.xz
ks=$root/ks/bin
$ks/ks-run dist/torch-imports/level1/34_group_norm.mlir --plan=dist/gn-c4t1024/level1__34_group_norm.plan.json --seed=5 --trials=20 --json="$OUT/gn.json" > "$OUT/gn.txt" 2>&1
grep -A8 "kernels (CUPTI)" "$OUT/gn.txt"; grep -i "match\|differ" "$OUT/gn.txt" | head -3
$ks/ks-run dist/torch-imports/level1/36_l2_normalize.mlir --plan=dist/torch-plans/level1__36_l2_normalize.plan.json --seed=5 --trials=20 > "$OUT/l2.txt" 2>&1
grep -A4 "kernels (CUPTI)" "$OUT/l2.txt"
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
