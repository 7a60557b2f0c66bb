#!/usr/bin/env bash
# Device call 1 (2026-11-27, second session): per-kernel times (CUPTI,
# ks-run) of the six memory-bound problems below 85% of a copy under their
# plans, and ncu's speed-of-light/compute sections for the KL and cosine row
# kernels.
cd "$(dirname "$0")/.."
root=$(mktemp -d /tmp/ks.XXXXXX)
tar -C "$root" -xJf dist/ks-bundle.tar.xz
ks=$root/ks/bin
for p in 57_cosine_similarity_loss 56_kl_div_loss 54_cross_entropy_loss 41_global_avg_pool 37_frobenius_norm 34_group_norm; do
  $ks/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/$p.txt" 2>&1
  echo "== $p"; grep -A12 "kernels (CUPTI)" "$OUT/$p.txt" | grep -v "^$"; grep -i "differ" "$OUT/$p.txt" | head -3
done
for p in 57_cosine_similarity_loss 56_kl_div_loss; do
  timeout 120 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats -k regex:'^main_kernel$' -c 1 \
    $ks/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=1 > "$OUT/ncu-$p.txt" 2>&1
  echo "== ncu $p"; grep -E "Duration|Throughput|Issue Slots|Executed Ipc|Registers Per|Achieved Occupancy|Theoretical Occupancy|Stall|Warp Cycles Per Issued" "$OUT/ncu-$p.txt" | head -30
done
cd "$OUT" && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
