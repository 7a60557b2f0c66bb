#!/usr/bin/env bash
# Device call 3 (2026-11-27, second session): bundle with short reductions
# to a scalar left one row (gathers still split) and fuse_rows_block/warp's
# RCP (statistic forwarding of call 2 dropped):
# 1. GPU lit: the row skills' test (KL with RCP against the seed on the
#    GPU, cosine and cross entropy at KernelBench's sizes);
# 2. ks-run per-kernel times (CUPTI): cross entropy (a1), KL RCP 0 (a1,
#    last session's kernel) and RCP 1 (a2);
# 3. ks_torch bench, two rounds, plan folders a1..a6 (dist/ab): cross
#    entropy's count and tail variants, KL with RCP 0 (a1, a3, a5) and 1
#    (a2, a4, a6), cosine's plan in each.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_block.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -3 "$OUT/lit.txt"; grep -E "MISMATCH|match" "$OUT/lit.txt" | head
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for vp in a1:54_cross_entropy_loss a1:56_kl_div_loss a2:56_kl_div_loss; do
  v=${vp%%:*}; p=${vp#*:}
  $new/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/ab/$v/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/cupti-$v-$p.txt" 2>&1
  echo "== $v $p"; grep -E "match|time:" "$OUT/cupti-$v-$p.txt" | head -2; grep -A8 "kernels (CUPTI)" "$OUT/cupti-$v-$p.txt" | grep -v "^$"
done
for round in 1 2; do
  for v in a1 a2 a3 a4 a5 a6; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/ab/$v --filter level1/54 level1/56 level1/57 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    echo "-- $v round $round"
    python3 - "$OUT/ab_${v}_$round.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(f"{r['problem']:34s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f})  eager {r.get('eager_median_ms', 0):.4f}  copy {r.get('copy_ms', 0):.4f}  ks/copy {r.get('copy_ms', 0) / max(r.get('ks_ms', 1e-9), 1e-9):.2f}")
PY
  done
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
