#!/usr/bin/env bash
# Device call 6 (2026-11-27, third session): same bundle as calls 4 and 5.
# 1. level1/53 (MSE) and level2/04, whose plans did not change but which ran
#    slow in call 5's final run (MSE median 0.0675 ms, mean 0.1042), two
#    rounds under dist/plans-prev (plans-2026-11-27-tails3) and
#    dist/torch-plans (plans-2026-11-27-l1);
# 2. all 74 problems with dist/torch-plans again (a second final run).
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  for v in plans-prev torch-plans; do
    KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/ab_${v}_$round.json" --chip=sm_90 --plans dist/$v --filter level1/53 level2/04 --no-compile > "$OUT/ab_${v}_$round.log" 2>&1
    python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:16s} {r['problem'][:30]:30s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_${v}_$round.json" "${v}_$round"
  done
done
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=360 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
