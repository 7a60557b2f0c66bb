#!/usr/bin/env bash
# Device call 3b (2026-11-27, fifth session), right after call 3a on the
# same machine: the new bundle (ks-materialize-gathered-terms with the
# valid targets recomputed in the terms, the gather issued at the rows'
# kernel's start, fuse_rows_block/warp's M) with dist/torch-plans (cross
# entropy in two kernels, its tail T 512; KL's rows with M 5), cross
# entropy's tail at T 1024 and 256, KL without M (kl-M1), two rounds;
# CUPTI per kernel for both plans; the GPU tests of the two row skills.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
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
  bench ceplan_$round "$new" dist/torch-plans level1/54
  for v in T1024 T256; do bench ce${v}_$round "$new" dist/variants/ce-$v level1/54; done
  bench klplan_$round "$new" dist/torch-plans level1/56
  bench klM1_$round "$new" dist/variants/kl-M1 level1/56
done
for p in 54_cross_entropy_loss 56_kl_div_loss; do
  "$new"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/run_${p}_new.txt" 2>&1
  grep -E "output #" "$OUT/run_${p}_new.txt"; grep -A6 "kernels (CUPTI)" "$OUT/run_${p}_new.txt"
done
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-fuse_rows_block.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
