// A first choice that does not build gives way to the policy's next choice
// for its dispatch before any search: with no rounds at all (--rounds=0)
// the GEMMs still get a skill. Here the policy (a copy of the repo's) puts
// broken_matmul, a skill whose script always fails, first for them: it
// fails twice (the planner moves to another skill once the same build
// failure repeats), then matmul_tf32x3_mma is kept, and the report says
// what failed before it.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t && cp -r %ks_src/skills %t/skills && mkdir %t/skills/broken_matmul
// RUN: %python -c "import json, sys; d = json.load(open(sys.argv[1])); d.update(id='broken_matmul', script='broken_matmul.mlir'); json.dump(d, open(sys.argv[2], 'w'))" %t/skills/matmul_smem_tile/skill.json %t/skills/broken_matmul/skill.json
// RUN: %python -c "import json, sys; p = json.load(open(sys.argv[1])); [c['allow'].insert(0, 'broken_matmul') for c in p['cases'] if c['name'] == 'gemm-shared-memory']; json.dump(p, open(sys.argv[1], 'w'))" %t/skills/policy.json
// RUN: cp %S/Inputs/broken_matmul.mlir %t/skills/broken_matmul/broken_matmul.mlir
// RUN: ks-tune --skill-dirs=%t/skills --precision=tf32x3 %S/ks-tune-first-choices.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/out > %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: FileCheck %s --check-prefix=PLAN < %t/out/plan.json
// RUN: FileCheck %s --check-prefix=TRAJ < %t/out/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=REPORT < %t/out/report.json
// Once the time budget is spent (here from the start), a failed choice's
// dispatch keeps the seed kernel: one try of broken_matmul, no next choice;
// the other dispatches' choices are still taken.
// RUN: ks-tune --skill-dirs=%t/skills --precision=tf32x3 %S/ks-tune-first-choices.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --budget=0.000001 --out=%t/spent > %t/spent.log
// RUN: FileCheck %s --check-prefix=SPENT < %t/spent/plan.json
// RUN: grep -c broken_matmul %t/spent/trajectory.jsonl | FileCheck %s --check-prefix=ONCE

// LOG: ks-tune: first choices: 2 of 3 kept

// PLAN: "id": 2,
// PLAN: "skill": "matmul_tf32x3_mma"
// PLAN: "id": 3,
// PLAN: "skill": "matmul_tf32x3_mma"

// TRAJ: "accepted":false,{{.*}}"dispatch":2,{{.*}}"outcome":"compile_error",{{.*}}"round":0,{{.*}}"skill":"broken_matmul"
// TRAJ-NEXT: "accepted":false,{{.*}}"dispatch":2,{{.*}}"outcome":"compile_error",{{.*}}"round":0,{{.*}}"skill":"broken_matmul"
// TRAJ: "accepted":true,{{.*}}"dispatch":2,{{.*}}"round":0,{{.*}}"skill":"matmul_tf32x3_mma"

// REPORT: "after_failed": "failed: skill broken_matmul on dispatch 2: the transform failed: transform.structured.convert_conv2d_to_img2col failed to apply
// REPORT-NEXT: "kernel_us":
// REPORT-NEXT: "outcome": "kept",

// SPENT: "dispatches": [
// SPENT-NEXT: {
// SPENT-NEXT: "id": 5,
// SPENT-NOT: "id":
// ONCE: 1
