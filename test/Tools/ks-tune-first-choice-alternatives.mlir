// Beside the first choices, the policy's next choices of each dispatch are
// tried as whole plans (--first-choice-alternatives plans), and each
// dispatch keeps the fastest: a search whose budget ends after the first
// choices still finds the choice a step away. Measured through the stand-in
// for ks-run of the loop's test (Inputs/fake_ks_run.py): the matmul's
// default register tile 400 us, its step TN=8 300 us, the next skill 280 us.
// UNSUPPORTED: device-bundle
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/two --ks-run=%S/Inputs/fake_ks_run.py --rounds=0 --jobs=1 > %t/two.log
// RUN: FileCheck %s --check-prefix=TWO < %t/two.log
// RUN: FileCheck %s --check-prefix=PLAN < %t/two/plan.json
// RUN: FileCheck %s --check-prefix=TRAJ < %t/two/trajectory.jsonl
// RUN: ks-tune %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/one --ks-run=%S/Inputs/fake_ks_run.py --rounds=0 --jobs=1 --first-choice-alternatives=1 > %t/one.log
// RUN: FileCheck %s --check-prefix=ONE < %t/one.log
// RUN: ks-tune %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/none --ks-run=%S/Inputs/fake_ks_run.py --rounds=0 --jobs=1 --first-choice-alternatives=0 > %t/none.log
// RUN: FileCheck %s --check-prefix=NONE < %t/none.log

// TWO: ks-tune: first choices: 2 alternative plan(s) tried, 1 dispatch(es) took an alternative
// TWO: ks-tune: first choices: 1 of 1 kept, 0.2900 ms
// TWO: 1         matmul               1000.00       280.00    3.57x       0 {{.*}} block_thread_tile_2d

// PLAN: "skill": "block_thread_tile_2d"

// Every choice measured is an attempt of round 0 (the search does not
// repeat it); the first choice is not accepted, the picked one is.
// An alternative's base is the choice it had to beat.
// TRAJ: "base":"first choice","base_kernel_us":400,{{.*}}"faster_than_first":true,"kernel_us":300,{{.*}}"rule":"first choice, alternative 1","skill":"matmul_register_tile"
// TRAJ: "base":"first choice, alternative 1","base_kernel_us":300,{{.*}}"faster_than_first":true,"kernel_us":280,{{.*}}"rule":"first choice, alternative 2","skill":"block_thread_tile_2d"
// TRAJ: "accepted":false,{{.*}}"diagnosis":"an alternative of it was faster",{{.*}}"kernel_us":400,{{.*}}"params":{"BM":64,"BN":64,"KT":4,"TM":4,"TN":4},{{.*}}"rule":"first choice","skill":"matmul_register_tile"
// TRAJ: "accepted":true,{{.*}}"kernel_us":280,{{.*}}"skill":"block_thread_tile_2d"

// ONE: ks-tune: first choices: 1 alternative plan(s) tried, 1 dispatch(es) took an alternative
// ONE: 1         matmul               1000.00       300.00    3.33x       0 {{.*}} matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":4,"TN":8}

// NONE-NOT: alternative
// NONE: 1         matmul               1000.00       400.00    2.50x       0 {{.*}} matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":4,"TN":4}
