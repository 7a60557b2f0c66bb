// REQUIRES: cuda-gpu
// pool_row_columns_registers on level1/40's -inf padded max_pool1d at its
// SMALL sizes (FOLD = 1, 128 columns a block, one a thread) matches the CPU
// reference on fresh random inputs, in one kernel of 2 x 4 x 2 blocks.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_row_columns_registers", "params": {"TX": 128, "CT": 1, "FOLD": 1}}]}' > %t.plan.json
// RUN: ks-run %S/../Skills/Inputs/maxpool1d_padded_2x4x512.mlir --plan=%t.plan.json --seed=47 --json=%t.json > %t.log
// RUN: grep -q "output #0 2x4x256xf32: match" %t.log
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[2,4,2\]'
