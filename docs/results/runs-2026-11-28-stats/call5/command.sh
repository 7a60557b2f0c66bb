#!/usr/bin/env bash
# Device call 5 (2026-11-28 session): the final run of the bundle in
# dist/ks-bundle.tar.xz (row values matched by offset, thread 0's
# statistics through workgroup memory, f64 widened again after barriers,
# read-only loads hoisted in cluster chains) with dist/torch-plans: all 74
# problems; the GPU tests of the three row skills; instance norm with M 2
# (dist/variants/in-M2), two rounds; ncu's warp states and per-instruction
# stall samples (SASS) of group norm's kernel.
cd "$(dirname "$0")/.."
KS_DEVICE_PARTS=torch KS_TORCH_DEADLINE=300 bash scripts/device-run.sh > "$OUT/torch.txt" 2>&1
tail -62 "$OUT/torch.txt"
KS_DEVICE_PARTS=lit KS_LIT_TESTS="test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-fuse_rows_cluster.mlir" \
  bash scripts/device-run.sh > "$OUT/lit.txt" 2>&1
tail -4 "$OUT/lit.txt"
b=$(mktemp -d /tmp/ks-b.XXXXXX)
tar -C "$b" -xJf dist/ks-bundle.tar.xz
for round in 1 2; do
  for plans in dist/torch-plans dist/variants/in-M2; do
    KS_LIB=$b/ks/lib/libKernelSkill.so PYTHONPATH="$PWD/python" timeout 100 python3 -W ignore -m ks_torch bench dist/torch-imports \
      -o "$OUT/in_$(basename $plans)_$round.json" --chip=sm_90 --plans $plans --filter level1/33_ --no-compile > /dev/null 2>&1
    python3 -c "
import json, sys
for r in json.load(open(sys.argv[1]))['rows']:
    c = r.get('copy_ms') or 0; k = r.get('ks_median_ms') or 0
    print(f\"{sys.argv[2]:12s} round {sys.argv[3]} {r['problem'][:24]:24s} {r['status']:9s} ks {k:.4f} (mean {r.get('ks_ms') or 0:.4f}) copy {c:.4f} {100*c/k if k and c else 0:.0f}%\")
" "$OUT/in_$(basename $plans)_$round.json" $(basename $plans) $round
  done
done
p=34_group_norm
run=("$b"/ks/bin/ks-run dist/torch-imports/level1/$p.mlir --plan=dist/torch-plans/level1__$p.plan.json --seed=5)
timeout 100 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats -k regex:'^main_kernel$' -c 1 \
  "${run[@]}" --trials=1 > "$OUT/ncu-$p.txt" 2>&1
grep -E "Duration|DRAM Throughput|Achieved Occupancy|Stall|Warp Cycles Per Issued" "$OUT/ncu-$p.txt" | head -12
timeout 100 ncu --section SourceCounters --page source --print-source sass --csv -k regex:'^main_kernel$' -c 1 \
  "${run[@]}" --trials=1 > "$OUT/ncu-source-$p.csv" 2>&1
python3 - "$OUT/ncu-source-$p.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], errors="replace")))
head = next((i for i, r in enumerate(rows) if "Source" in r and any("Sampl" in c for c in r)), None)
if head is None:
    print("no source table"); print("\n".join(",".join(r)[:200] for r in rows[:12])); sys.exit()
h = rows[head]; src = h.index("Source")
col = next(i for i, c in enumerate(h) if c.startswith("Warp Stall Sampling (All"))
body = [r for r in rows[head + 1:] if len(r) == len(h)]
num = lambda s: float((s or "0").replace(",", ""))
tot = sum(num(r[col]) for r in body) or 1
print(f"{len(body)} SASS instructions, {tot:.0f} stall samples; top 20:")
for r in sorted(body, key=lambda r: -num(r[col]))[:20]:
    print(f"  {num(r[col]) / tot * 100:5.1f}%  {r[0]:>6s}  {r[src][:80]}")
PY
cd "$OUT" && rm -f *.events.jsonl && tar -cJf all.tar.xz * && find . -mindepth 1 -not -name all.tar.xz -not -name torch.txt -delete
