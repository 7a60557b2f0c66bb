#!/usr/bin/env bash
# Device call 2 (2026-11-27, second session): the new bundle (short
# reductions to a scalar left one row; unowned row statistics forwarded;
# fuse_rows_block/warp's RCP) on cross entropy (level1/54), KL (level1/56)
# and cosine (level1/57); the last session's bundle does not fit beside it
# in a call (64 MiB), its per-kernel times are call 1's:
# 1. the GPU lit tests of the row skills and the loss tails;
# 2. ks-run per-kernel times (CUPTI) with plan folder n1;
# 3. ks_torch bench, two rounds, the plan folders n1..n4 (dist/ab).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-block_reduce_innermost.mlir test/GPU/finish-in-last-block.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -3 "$OUT/lit.txt"; grep -E "^(PASS|FAIL)" "$OUT/lit.txt" | head
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for p in 54_cross_entropy_loss 56_kl_div_loss 57_cosine_similarity_loss; do
  $new/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/ab/n1/level1__$p.plan.json --seed=5 --trials=20 > "$OUT/cupti-n1-$p.txt" 2>&1
  for v in n1; do echo "== $v $p"; grep -E "match|differ|time:" "$OUT/cupti-$v-$p.txt" | head -2; grep -A6 "kernels (CUPTI)" "$OUT/cupti-$v-$p.txt" | grep -v "^$"; done
done
for round in 1 2; do
  for v in n1 n2 n3 n4; do
    lib=$new/ks/lib/libKernelSkill.so
    KS_LIB=$lib PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
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
