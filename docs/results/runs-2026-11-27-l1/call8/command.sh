#!/usr/bin/env bash
# Device calls 7 to 9 (2026-11-27, third session): KL (level1/56) and, as a
# control, the cosine loss (level1/57), two rounds each, with the plans of
# plans-2026-11-27-l1, under the bundle carried: d6ea3ca's (calls 7 and 9)
# or the one whose ks-log-of-exp-quotient tests only the lower end of a's
# interval where a is x minus its row's maximum (call 8, which first runs
# the KL GPU test). Calls 7 to 9 ran back to back on one warm machine.
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--lit" ]; then
  KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_block.mlir" bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
  grep -E "Passed|Failed|FAIL" "$OUT/lit.txt" | tail -3
fi
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/kl_$round.json" --chip=sm_90 --plans dist/torch-plans --filter level1/56 level1/57 --no-compile > "$OUT/kl_$round.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"round {sys.argv[2]} {r['problem'][:30]:30s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/kl_$round.json" "$round"
done
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -delete
