// ks-tune on a GRU cell unrolled over three steps (Inputs/gru_three_steps.mlir):
// the hidden state's three GEMMs share a signature and are decided once, by
// their leader, with matmul_tf32x3_mma_epilogue (the bias add written over
// each GEMM's result); the leader's step compiles on the followers too, so
// they keep it rather than their skill's fallback (matmul_tf32x3_mma) or
// their seed kernels, and the report says who decided them.
// (The fallback path itself is taken where the followers' plan does not
// compile: TunerSearch.cpp, "take their skill's fallback".)
// REQUIRES: ptxas
// RUN: rm -rf %t && ks-tune %S/Inputs/gru_three_steps.mlir --measure=model --rounds=1 --chip=sm_90 --device=h200 --precision=tf32x3 --out=%t > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.json

// CHECK: dispatch [[LEADER:[0-9]+]] (matmul) round 1/1: matmul_tf32x3_mma_epilogue
// CHECK: dispatch {{[0-9]+}} (matmul): as dispatch [[LEADER]], same signature: matmul_tf32x3_mma_epilogue
// CHECK: dispatch {{[0-9]+}} (matmul): as dispatch [[LEADER]], same signature: matmul_tf32x3_mma_epilogue
// CHECK-NOT: did not run
// CHECK-NOT: they keep their seed kernels
// CHECK: whole program:

// The leader (dispatch 14) and the followers (7, 20) run the epilogue skill.
// PLAN: "id": 7,
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// PLAN: "id": 14,
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"
// PLAN: "id": 20,
// PLAN: "skill": "matmul_tf32x3_mma_epilogue"

// REPORT: "stopped": "decided once for its signature, by dispatch 14"
// REPORT: "stopped": "decided once for its signature, by dispatch 14"
