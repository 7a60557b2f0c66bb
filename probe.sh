#!/bin/bash
# Temporary device probe (not committed).
OUT=${OUT:-/tmp/out}
mkdir -p /tmp/kb && tar -C /tmp/kb -xJf dist/ks-bundle.tar.xz
export PATH=/tmp/kb/ks/bin:$PATH
W=/tmp/work; mkdir -p $W
OUT=$W KS_DEVICE_PARTS="lit torch" KS_TORCH_DEADLINE=400 KS_LIT_TESTS="test/GPU/skill-matmul_tf32x3_mma.mlir test/GPU/skill-batch_matmul_tf32x3_mma.mlir test/GPU/skill-matmul_tf32x3_mma_epilogue.mlir" bash scripts/device-run.sh > $OUT/device-run.log 2>&1
echo "device-run rc $?"
cp $W/torch-bench.json $W/lit-gpu.log $W/torch-bench.log $OUT/ 2>/dev/null
grep -E "^(PASS|FAIL)|Passed|Failed" $W/lit-gpu.log
f=dist/torch-imports/level1/01_square_matmul.mlir
for p in dist/torch-plans/level1__01_square_matmul.plan.json probe-tc2.json; do
  timeout 120 ks-run $f --plan=$p --reference=gpu:$f --trials=20 --json=$W/$(basename $p .json).run.json > $W/$(basename $p .json).run.log 2>&1
  echo "$p rc $? $(grep -E 'match|MISMATCH' $W/$(basename $p .json).run.log | head -1)"
  python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
def walk(o):
    if isinstance(o,dict):
        if 'median_us' in o and 'name' in o: print('   ', o['name'], o['median_us'], 'us regs', o.get('registers'), 'smem', o.get('shared_bytes'))
        for v in o.values(): walk(v)
    elif isinstance(o,list):
        for v in o: walk(v)
walk(r); print('  median ms', r.get('time_ms',{}).get('median'))" $W/$(basename $p .json).run.json 2>&1 | head -4
done
cp $W/level1__01_square_matmul.plan.run.json $OUT/l1_01.run.json 2>/dev/null
python3 -c "import json; print(json.load(open('$W/ceilings.json')))" 2>/dev/null
tail -95 $OUT/device-run.log | grep -v "^$"
