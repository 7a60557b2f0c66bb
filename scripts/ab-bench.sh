#!/usr/bin/env bash
# A/B timing of plan folders on the device, through the bundle's library
# (ks_torch bench without torch.compile): rounds of each folder in turn over
# the same problems, each report printed, the JSON and logs under $OUT.
# Stops starting runs after KS_AB_DEADLINE seconds (default 480).
#   scripts/ab-bench.sh ROUNDS PLANS... -- PROBLEM...
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=$1
shift
folders=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do folders+=("$1"); shift; done
shift
out=${OUT:-$PWD/device-out}
mkdir -p "$out"
root=$(mktemp -d /tmp/ks-ab.XXXXXX)
tar -C "$root" -xJf dist/ks-bundle.tar.xz
deadline=$(( $(date +%s) + ${KS_AB_DEADLINE:-480} ))
for round in $(seq 1 "$rounds"); do
  for plans in "${folders[@]}"; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "ab-bench: deadline reached"; exit 0; }
    name=$(basename "$plans")_$round
    KS_SKILL_PATH=$root/ks/skills KS_LIB=$root/ks/lib/libKernelSkill.so PYTHONPATH=$PWD/python \
      timeout 300 python3 -W ignore -m ks_torch bench dist/torch-imports -o "$out/ab_$name.json" \
      --chip=sm_90 --plans "$plans" --filter "$@" --no-compile > "$out/ab_$name.log" 2>&1
    echo "== $name"
    PYTHONPATH=$PWD/python python3 -m ks_torch report "$out/ab_$name.json" 2>&1 | sed -n '1,/^$/p'
  done
done
