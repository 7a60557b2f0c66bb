// A dispatch still at its seed kernel takes any skill the estimate puts
// ahead of it; a skill's kernel gives way only to a candidate --win (1.3)
// times faster. avg_pool1d(8, stride 4) on (128, 256, 32768), the H200's
// model: the policy's first choice (CT = 1) is estimated slower than the
// seed (0.58x with TX = 512) and is not kept; CT = 2, faster
// than the seed, becomes the base; CT = 2 with TX = 128, 1.01 times faster
// than that, does not move it.
// RUN: rm -rf %t && ks-tune %S/Inputs/avgpool1d_k8s4_128x256x32768.mlir --measure=model --rounds=3 --max-dispatches=1 --chip=sm_90 --device=h200 --precision=tf32x3 --cpu-check-dim=0 --out=%t > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
// RUN: FileCheck %s --check-prefix=TRAJECTORY < %t/trajectory.jsonl

// PLAN: "id": 1,
// PLAN-NEXT: "params": {
// PLAN-NEXT: "CT": 2,
// PLAN-NEXT: "FOLD": 0,
// PLAN-NEXT: "TX": 256
// PLAN: "skill": "pool_row_columns_registers"

// TRAJECTORY: "accepted":false,"base":"seed"{{.*}}"params":{"CT":1,"FOLD":0,"TX":256}
// TRAJECTORY: "accepted":false,{{.*}}"diagnosis":"0.58x on the base: under the 1.00x needed to move it"{{.*}}"params":{"CT":1,"FOLD":0,"TX":512}
// TRAJECTORY: "accepted":true,"base":"seed"{{.*}}"params":{"CT":2,"FOLD":0,"TX":256}
// TRAJECTORY: "accepted":false,{{.*}}"diagnosis":"1.01x on the base: under the 1.30x needed to move it"{{.*}}"params":{"CT":2,"FOLD":0,"TX":128}
