#!/usr/bin/env bash
# Device call 5 (2026-11-27, third session): same bundle as call 4.
# 1. KL (level1/56) and cross entropy (level1/54) with "l1_no_allocate":
#    their plans against row-kernel variants, two rounds;
# 2. all 74 problems with dist/torch-plans (plans-2026-11-27-tails3 plus
#    "l1_no_allocate" on the 21 problems it made faster in call 4): the
#    final run.
cd "$(dirname "$0")/.."
new=$(mktemp -d /tmp/ks-new.XXXXXX)
tar -C "$new" -xJf dist/ks-bundle.tar.xz
bench() {  # name plans filter...
  local name=$1 plans=$2; shift 2
  KS_LIB=$new/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
    -o "$OUT/ab_$name.json" --chip=sm_90 --plans dist/$plans --filter "$@" --no-compile > "$OUT/ab_$name.log" 2>&1
  python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    print(f\"{sys.argv[2]:28s} {r['problem'][:30]:30s} {r['status']:9s} ks {r.get('ks_median_ms', 0):.4f} (mean {r.get('ks_ms', 0):.4f}) copy {r.get('copy_ms', 0):.4f}\")
" "$OUT/ab_$name.json" "$name"
}
for round in 1 2; do
  for v in torch-plans v-kl-t512 v-kl-t128 v-kl-rcp0; do bench "${v}_kl_$round" $v level1/56; done
  for v in torch-plans v-ce-r4 v-ce-r16; do bench "${v}_ce_$round" $v level1/54; done
done
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=360 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
