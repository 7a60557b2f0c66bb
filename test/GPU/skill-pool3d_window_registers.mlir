// REQUIRES: cuda-gpu
// pool3d_window_registers on level1/36's -inf padded max_pool3d (window 3,
// stride 2, padding 1) at small sizes (FOLD = 1, 3 rows x 2 columns a
// thread, 8 threads over a row of 16) matches the CPU reference on fresh
// random inputs, in one kernel of 3 x 5 x 4 blocks.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool3d_window_registers", "params": {"TX": 8, "TY": 1, "RT": 3, "CT": 2, "DT": 1, "FOLD": 1}}]}' > %t.plan.json
// RUN: ks-run %S/../Skills/Inputs/maxpool3d_padded_2x4x10x18x32.mlir --plan=%t.plan.json --seed=48 --json=%t.json > %t.log
// RUN: grep -q "output #0 2x4x5x9x16xf32: match" %t.log
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[3,5,4\]'
