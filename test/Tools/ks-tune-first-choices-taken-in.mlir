// A first choice is kept where its kernel beats the seed kernels it
// replaces: its own dispatch's and those its kernel took in. Here the
// softmax's row chain (dispatch 1) takes in the exp, the sum, the division
// and the fills after it, and is measured against their seed kernels too;
// the weighted sum over time (dispatch 6, a reduction over the middle
// dimension) is measured against its own seed kernel alone. A kernel taken
// in is charged to the nearest choice before it with a kernel, not to the
// nearest in either direction: the row chain's sum (dispatch 4, 615 us)
// sits nearer dispatch 6 and would have raised its seed to 923 us.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/attention_pooling.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/out > %t/log
// RUN: FileCheck %s --check-prefix=PLAN < %t/out/plan.json
// RUN: FileCheck %s --check-prefix=TRAJ < %t/out/trajectory.jsonl

// PLAN: "id": 1,
// PLAN-NEXT: "params"
// PLAN: "skill": "fuse_rows_{{block|cluster}}"
// PLAN: "id": 6,
// PLAN: "skill": "reduce_strided_registers"

// TRAJ: "accepted":true,"base":"seed","base_kernel_us":1240,"dispatch":1,
// TRAJ: "accepted":true,"base":"seed","base_kernel_us":308.1{{[0-9]*}},"dispatch":6,{{.*}}"skill":"reduce_strided_registers"
