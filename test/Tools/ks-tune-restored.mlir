// A candidate that gives back a kernel the base had taken in is charged
// for it. Through a stand-in for ks-run: the fill (100 us) is taken into
// the matmul's kernel by the candidate with TN = 8 (600 us: a new base);
// the next candidate's matmul kernel takes 450 us, but the fill runs again
// beside it: 550 us against the base's 600, no win, though its own kernel
// reaches 95% of its speed of light (which alone moves a base on a 5% gain:
// not a kernel that gives back another's work). Resumed from a
// trajectory where the fill had a step of its own before it was taken in,
// the plan has no step for it, as the run that took it in left it.
// RUN: rm -rf %t.out
// RUN: ks-tune --first-choices=false %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.out --ks-run=%S/Inputs/fake_ks_run_fold.py --rounds=3 --jobs=1 > %t.log
// RUN: FileCheck %s < %t.out/trajectory.jsonl
// RUN: rm -rf %t.resumed && cp -r %t.out %t.resumed && %python %S/Inputs/accept_before_absorbed.py %t.resumed/trajectory.jsonl vectorize_128bit
// RUN: ks-tune --first-choices=false %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.resumed --ks-run=%S/Inputs/fake_ks_run_fold.py --rounds=3 --jobs=1 > %t.resumed.log
// RUN: FileCheck %s --check-prefix=RESUMED < %t.resumed/plan.json
// CHECK: "absorbed_dispatches":[0],{{.*}}"accepted":true,{{.*}}"round":2
// CHECK: "accepted":false,{{.*}}"diagnosis":"1.09x on the base: under the 1.30x needed to move it",{{.*}}"kernel_us":550,{{.*}}"restored_dispatches":[0],"round":3
// RESUMED-NOT: "id": 0,
// RESUMED: "id": 1,
// RESUMED-NOT: "id": 0,
