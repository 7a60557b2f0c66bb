// The loop's logic without a GPU: ks-tune measures through a stand-in for
// ks-run (Inputs/fake_ks_run.py: fixed, plan-dependent times and counters)
// and must plan from the counters, move the base only on a 1.3x win,
// search from the best point in the direction the skill prefers, diagnose
// a mismatch and a fault, never repeat an attempt, resume from its
// trajectory, and write plan, trajectory and report.
// The search from the seed (--first-choices=false); the first choices
// before it: test/Tools/ks-tune-first-choices.mlir.
// UNSUPPORTED: device-bundle
// RUN: rm -rf %t.out
// RUN: ks-tune --first-choices=false --invariant-loads=false %s --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.out --ks-run=%S/Inputs/fake_ks_run.py --rounds=5 --jobs=1 > %t.log
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=TRAJ < %t.out/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=PLAN < %t.out/plan.json
// RUN: FileCheck %s --check-prefix=REPORT < %t.out/report.json

// One candidate at a time (--jobs=1): each round is planned on the last
// one's outcome. The matmul (dispatch 1, 1000 us) first; the fill (10 us)
// has no case.
// After the default, the search goes where the skill says (larger register
// tiles first) from the best point so far.
// LOG: ks-tune: seed: 1.0100 ms, 2 kernels
// LOG: ks-tune: dispatch 1 (matmul) round 1/5: matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":4,"TN":4}; base 1000.00 us
// LOG-NEXT: ks-tune:   -> round 1: ok, 400.00 us: new base
// LOG-NEXT: ks-tune: dispatch 1 (matmul) round 2/5: matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":4,"TN":8}; base 400.00 us
// LOG-NEXT: ks-tune:   -> round 2: ok, 300.00 us: new base
// LOG-NEXT: ks-tune: dispatch 1 (matmul) round 3/5: matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":8,"TN":8}; base 300.00 us
// LOG-NEXT: ks-tune:   -> round 3: fault
// LOG-NEXT: ks-tune: dispatch 1 (matmul) round 4/5: matmul_register_tile {"BM":128,"BN":64,"KT":4,"TM":4,"TN":8}; base 300.00 us
// LOG-NEXT: ks-tune:   -> round 4: mismatch
// LOG-NEXT: ks-tune: dispatch 1 (matmul) round 5/5: matmul_register_tile {"BM":32,"BN":64,"KT":4,"TM":4,"TN":8}; base 300.00 us
// LOG-NEXT: ks-tune:   -> round 5: ok
// LOG:      dispatch  class
// LOG-NEXT: 1         matmul               1000.00       300.00    3.33x       5
// LOG-SAME: matmul_register_tile {"BM":64,"BN":64,"KT":4,"TM":4,"TN":8}
// LOG-NEXT: 0         fill                   10.00        10.00    1.00x       0
// LOG-NEXT: whole program: seed 1.0100 ms, tuned 0.3100 ms, 3.26x

// TRAJ: "accepted":true,{{.*}}"dispatch":1,{{.*}}"outcome":"ok",{{.*}}"rule":"case gemm-register-blocking: tier low (speed of light 85.0%), structure reuse (op_class matmul), bottleneck gemm_tiling;
// TRAJ: "accepted":true,{{.*}}"speedup_vs_base":1.33
// TRAJ: "accepted":false,{{.*}}"diagnosis":"the candidate faulted (CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access): reverted",{{.*}}"outcome":"fault"
// TRAJ: "accepted":false,{{.*}}"diagnosis":"the candidate's numbers differ from the reference's (output #0: max abs err 5.00e-01, max rel err 2.50e-01, 4096 mismatches): reverted; this skill and these parameters are not tried again here",{{.*}}"outcome":"mismatch"
// TRAJ: "accepted":false,{{.*}}"diagnosis":"1.07x on the base: under the 1.30x needed to move it; ptxas spilled 96 bytes to local memory: next, the skill's repair for spills (less coarsening)",{{.*}}"repair_next":"register_spills"

// PLAN: "id": 1,
// PLAN: "skill": "matmul_register_tile"

// REPORT: "bottleneck": "gemm_tiling",
// REPORT: "speedup": 3.3
// REPORT: "stopped": "round budget",
// REPORT: "winner": {

// A second run resumes: nothing is tried twice, the accepted plan stands.
// RUN: ks-tune --first-choices=false --invariant-loads=false %s --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.out --ks-run=%S/Inputs/fake_ks_run.py --rounds=1 --jobs=1 > %t.resume.log
// RUN: FileCheck %s --check-prefix=RESUME < %t.resume.log
// RESUME: ks-tune: resuming: 5 earlier attempts, accepted plans for 1 dispatches
// RESUME: ks-tune: dispatch 1 (matmul) round 1/1: matmul_register_tile {"BM":64,"BN":32,"KT":4,"TM":4,"TN":8}; base 300.00 us
// RESUME: whole program: seed 1.0100 ms, tuned 0.3100 ms
// RUN: FileCheck %s --check-prefix=PROGRAM < %t.out/trajectory.jsonl
// PROGRAM-COUNT-6: "program":"{{[0-9a-f]+}}"

// A run killed while writing leaves a torn last line: the next run names
// it, skips it and goes on from the last whole line.
// RUN: printf '{"accepted":true,"disp' >> %t.out/trajectory.jsonl
// RUN: ks-tune --first-choices=false --invariant-loads=false %s --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t.out --ks-run=%S/Inputs/fake_ks_run.py --rounds=1 --jobs=1 > %t.torn.log
// RUN: FileCheck %s --check-prefix=TORN < %t.torn.log
// TORN: ks-tune: warning: {{.*}}trajectory.jsonl:7: skipping the last line, cut off mid-way ([1:22, byte=22]: Unterminated string)
// TORN: ks-tune: resuming: 6 earlier attempts, accepted plans for 1 dispatches
// RUN: %python -c "import json, sys; [json.loads(l) for l in open(sys.argv[1])]; print('whole lines')" %t.out/trajectory.jsonl | FileCheck %s --check-prefix=WHOLE
// WHOLE: whole lines

// A trajectory of another program is not resumed, nor is a torn line in
// the middle; a second run on the same --out waits for none.
// RUN: not ks-tune --first-choices=false --invariant-loads=false %S/Inputs/matmul_4x16x8.mlir --out=%t.out --ks-run=%S/Inputs/fake_ks_run.py --rounds=1 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: ks-tune: {{.*}}trajectory.jsonl:1: an attempt on another program ({{[0-9a-f]+}}, this one is {{[0-9a-f]+}}); give this run another --out
// RUN: rm -rf %t.mid && mkdir -p %t.mid && head -c 40 %t.out/trajectory.jsonl > %t.mid/trajectory.jsonl && echo >> %t.mid/trajectory.jsonl && tail -n 2 %t.out/trajectory.jsonl >> %t.mid/trajectory.jsonl
// RUN: not ks-tune --first-choices=false --invariant-loads=false %s --out=%t.mid --ks-run=%S/Inputs/fake_ks_run.py --rounds=1 2>&1 | FileCheck %s --check-prefix=MID
// MID: ks-tune: {{.*}}trajectory.jsonl:1: not an attempt: [1:40, byte=40]: Unterminated string
// RUN: not %python %S/Inputs/hold_lock.py %t.out/ks-tune.lock ks-tune --first-choices=false --invariant-loads=false %s --out=%t.out --ks-run=%S/Inputs/fake_ks_run.py --rounds=1 2>&1 | FileCheck %s --check-prefix=LOCKED
// LOCKED: ks-tune: another ks-tune is running on {{.*}}.out (it holds {{.*}}ks-tune.lock); wait for it or give this run another --out
func.func @main(%a: tensor<256x128xf32>, %b: tensor<128x64xf32>) -> tensor<256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x64xf32>) -> tensor<256x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x64xf32>) outs(%f : tensor<256x64xf32>) -> tensor<256x64xf32>
  return %r : tensor<256x64xf32>
}
