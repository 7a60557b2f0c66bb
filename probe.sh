#!/bin/bash
# Temporary device probe (not committed).
OUT=${OUT:-/tmp/out}
mkdir -p /tmp/kb && tar -C /tmp/kb -xJf dist/ks-bundle.tar.xz
export PATH=/tmp/kb/ks/bin:$PATH
KS_DEVICE_PARTS="lit bench" KS_LIT_TESTS="test/GPU/skill-matmul_tf32x3_mma.mlir test/GPU/skill-matmul_smem_pipelined.mlir test/GPU/skill-fuse_rows_block.mlir test/GPU/skill-fuse_rows_warp.mlir test/GPU/skill-block_reduce_innermost.mlir test/GPU/skill-warp_reduce_innermost.mlir test/GPU/skill-warp_reduce_innermost-argmax.mlir test/GPU/skill-warp_reduce_innermost-matvec.mlir test/GPU/skill-reduce_columns_registers.mlir" bash scripts/device-run.sh > $OUT/device-run.log 2>&1
echo "device-run rc $?"
tail -40 $OUT/device-run.log
cp $OUT/*.log $OUT/ 2>/dev/null
f=dist/torch-imports/level1/01_square_matmul.mlir
for p in dist/torch-plans/level1__01_square_matmul.plan.json probe-*.json; do
  timeout 120 ks-run $f --plan=$p --reference=gpu:$f --trials=20 --json=$OUT/$(basename $p .json).run.json > $OUT/$(basename $p .json).run.log 2>&1
  echo "$p rc $? $(grep -E 'match|MISMATCH' $OUT/$(basename $p .json).run.log | head -1)"
  python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
def walk(o):
    if isinstance(o,dict):
        if 'median_us' in o and 'name' in o: print('   ', o['name'], o['median_us'], 'us regs', o.get('registers'), 'smem', o.get('shared_bytes'), 'occ', o.get('occupancy'))
        for v in o.values(): walk(v)
    elif isinstance(o,list):
        for v in o: walk(v)
walk(r); print('  median ms', r.get('time_ms',{}).get('median'))" $OUT/$(basename $p .json).run.json 2>&1 | head -6
done
