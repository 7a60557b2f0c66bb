// A candidate that gives back a kernel the base had taken in is charged
// for it. Through a stand-in for ks-run: the fill (100 us) is taken into
// the matmul's kernel by the candidate with TN = 8 (600 us: a new base);
// the next candidate's matmul kernel takes 450 us, but the fill runs again
// beside it: 550 us against the base's 600, no win.
// RUN: rm -rf %t.out
// RUN: ks-tune --first-choices=false %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.out --ks-run=%S/Inputs/fake_ks_run_fold.py --rounds=3 --jobs=1 > %t.log
// RUN: FileCheck %s < %t.out/trajectory.jsonl
// CHECK: "absorbed_dispatches":[0],{{.*}}"accepted":true,{{.*}}"round":2
// CHECK: "accepted":false,{{.*}}"diagnosis":"1.09x on the base: under the 1.30x needed to move it",{{.*}}"kernel_us":550,{{.*}}"restored_dispatches":[0],"round":3
