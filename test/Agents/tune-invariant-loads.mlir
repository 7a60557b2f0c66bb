// After its search ks-tune asks for invariant loads on every dispatch its
// plan has a step for (the plan's "invariant_loads"; on by default): the
// cost model sees no spill and no lost block an SM, so the plan keeps them,
// and says so in its log and its trajectory. A second run in the same
// folder resumes and keeps them. --invariant-loads=false leaves them out,
// also when resuming a trajectory that has them.
// RUN: rm -rf %t.out && ks-tune %S/../Skills/Inputs/row_chain_layer_norm.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.out > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=PLAN < %t.out/plan.json
// RUN: FileCheck %s --check-prefix=TRAJECTORY < %t.out/trajectory.jsonl
// RUN: ks-tune %S/../Skills/Inputs/row_chain_layer_norm.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.out > %t.again.log 2>&1
// RUN: FileCheck %s --check-prefix=PLAN < %t.out/plan.json
// RUN: rm -rf %t.off && ks-tune %S/../Skills/Inputs/row_chain_layer_norm.mlir --measure=model --rounds=1 --chip=sm_90 --invariant-loads=false --out=%t.off > %t.off.log 2>&1
// RUN: FileCheck %s --check-prefix=OFF < %t.off/plan.json
// RUN: rm -rf %t.resumed && cp -r %t.out %t.resumed && ks-tune %S/../Skills/Inputs/row_chain_layer_norm.mlir --measure=model --rounds=1 --chip=sm_90 --invariant-loads=false --out=%t.resumed > %t.resumed.log 2>&1
// RUN: FileCheck %s --check-prefix=OFF < %t.resumed/plan.json
// The plan compiles to loads of the read-only buffers with ld.global.nc.
// RUN: rm -rf %t.ptx && ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-compile="plan=%t.out/plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx

// LOG: ks-tune: invariant loads: 1 dispatch(es) load their read-only buffers as invariant

// PLAN: "id": 2,
// PLAN: "skill": "fuse_rows_block"
// PLAN: "invariant_loads": [
// PLAN-NEXT: 2
// PLAN-NEXT: ]

// TRAJECTORY: "accepted":true,{{.*}}"invariant_loads":[2],{{.*}}"round":"invariant_loads"

// OFF-NOT: invariant_loads

// PTX: ld.global.nc
