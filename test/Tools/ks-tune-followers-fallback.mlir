// ks-tune on a GRU cell unrolled over three steps (Inputs/gru_three_steps.mlir):
// the hidden state's three GEMMs share a signature, decided once by their
// leader with matmul_tf32x3_mma_epilogue. On the followers that step also
// takes in a bias broadcast whose own dispatch has a step of its own, so
// the plan with the leader's step on every follower does not compile. The
// followers then take the skill's fallback (falls_back_to:
// matmul_tf32x3_mma, the same parameters) instead of their seed kernels,
// and the report says so.
// REQUIRES: ptxas
// RUN: rm -rf %t && ks-tune %S/Inputs/gru_three_steps.mlir --measure=model --rounds=1 --chip=sm_90 --device=h200 --precision=tf32x3 --out=%t > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.json

// CHECK: dispatch {{[0-9]+}} (matmul): as dispatch [[LEADER:[0-9]+]], same signature: matmul_tf32x3_mma_epilogue
// CHECK: the plan with the followers' steps did not run (compile_error: {{.*}}): 2 of them take their skill's fallback
// CHECK-NOT: they keep their seed kernels
// CHECK: whole program:

// The leader (dispatch 14) keeps the epilogue; the followers (7, 20) run
// the plain skill with its parameters.
// PLAN: "id": 7,
// PLAN-NEXT: "params": {
// PLAN: "skill": "matmul_tf32x3_mma"
// PLAN: "id": 14,
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// PLAN: "id": 20,
// PLAN: "skill": "matmul_tf32x3_mma"

// REPORT: "stopped": "decided once for its signature, by dispatch 14; matmul_tf32x3_mma_epilogue did not apply here, its fallback matmul_tf32x3_mma did"
