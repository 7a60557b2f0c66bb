#!/usr/bin/env bash
# Device call 4 (2026-11-27, second session): bundle with the plan field
# "reverse_blocks" (ks-reverse-block-order) and the row-invariant test of
# ks-log-of-exp-quotient.
# 1. GPU lit: the row skills' test (KL, cosine, cross entropy imports), the
#    reverse-blocks test (Frobenius at KernelBench's size), fuse_rows_warp,
#    block_reduce_innermost, finish-in-last-block, vectorize_128bit;
# 2. ks-run per-kernel times (CUPTI) of Frobenius and group norm, without
#    and with reverse_blocks, and of KL (its plan, RCP 1);
# 3. ks_torch bench, two rounds: level1/37, level1/34 and level2/05 under
#    dist/torch-plans (the plans as they are) and dist/ab-rev (the same with
#    the apply kernel's blocks in reverse).
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_block.mlir test/GPU/reverse-blocks.mlir test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-block_reduce_innermost.mlir test/GPU/finish-in-last-block.mlir test/GPU/skill-vectorize_128bit.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -6
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for vp in torch-plans:level1__37_frobenius_norm ab-rev:level1__37_frobenius_norm torch-plans:level1__34_group_norm ab-rev:level1__34_group_norm torch-plans:level1__56_kl_div_loss; do
  v=${vp%%:*}; k=${vp#*:}; lvl=${k%%__*}; name=${k#*__}
  $new/ks/bin/ks-run dist/torch-imports/$lvl/$name.mlir --plan=dist/$v/$k.plan.json --reference=none --seed=5 --trials=20 > "$OUT/cupti-$v-$k.txt" 2>&1
  echo "== $v $k"; grep -A6 "kernels (CUPTI)" "$OUT/cupti-$v-$k.txt" | grep -v "^$"
done
for round in 1 2; do
  for v in torch-plans ab-rev; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 200 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/37 level1/34 level2/05 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    echo "-- $v round $round"
    python3 - "$OUT/ab_${v}_$round.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(f"{r['problem']:34s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f})  eager {r.get('eager_median_ms', 0):.4f}  copy {r.get('copy_ms', 0):.4f}  ks/copy {r.get('copy_ms', 0) / max(r.get('ks_ms', 1e-9), 1e-9):.2f}")
PY
  done
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
