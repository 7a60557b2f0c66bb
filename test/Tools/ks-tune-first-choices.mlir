// Before any search, every dispatch that leads its group gets the policy's
// first choice, all in one plan estimated once; each is kept where its
// kernel beats the seed's. With no rounds at all (--rounds=0), the plan is
// those choices: both GEMMs (one group, decided once, each with a zero
// fill of its own that it folds) and the row sum run skills; the row sum's
// fill (nothing applies) and the copy of an input (its choice is no faster)
// keep their seed kernels; the report says so per dispatch. The first choices are attempts of round 0 in the
// trajectory, so a resumed run or the search does not try them again.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/out > %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: FileCheck %s --check-prefix=PLAN < %t/out/plan.json
// RUN: FileCheck %s --check-prefix=REPORT < %t/out/report.json
// RUN: FileCheck %s --check-prefix=TRAJ < %t/out/trajectory.jsonl
// The same without first choices and without rounds: the seed.
// RUN: ks-tune --first-choices=false --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/none > /dev/null
// RUN: FileCheck %s --check-prefix=NONE < %t/none/plan.json
// A plan of kept first choices that fails its CPU check leaves the search
// to start from the seed kernels (not the whole run failed).
// RUN: ks-tune --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --ks-run=%S/Inputs/ks_run_refusing_kept.py --out=%t/refused > %t/refused.log
// RUN: FileCheck %s --check-prefix=REFUSED < %t/refused.log
// RUN: FileCheck %s --check-prefix=NONE < %t/refused/plan.json
// RUN: FileCheck %s --check-prefix=REFUSEDREPORT < %t/refused/report.json

// LOG: ks-tune: seed: {{.*}} ms, 7 kernels
// LOG: ks-tune: first choices: 2 of 3 kept, {{.*}} ms
// LOG: whole program: seed {{.*}} ms, tuned {{.*}} ms

// PLAN: "id": 2,
// PLAN: "skill": "matmul_tf32x3_mma"
// PLAN: "id": 3,
// PLAN: "skill": "matmul_tf32x3_mma"
// PLAN: "id": 5,
// PLAN: "skill": "warp_reduce_innermost"

// REPORT-DAG: "outcome": "kept"
// REPORT-DAG: "outcome": "no skill applies"
// REPORT-DAG: "outcome": "not faster than the seed (2.5 us against 2.5)"
// REPORT-DAG: "same_signature_as": 2

// TRAJ: "accepted":false,{{.*}}"dispatch":6,{{.*}}"round":0,{{.*}}"skill":"vectorize_128bit"
// TRAJ: "accepted":true,{{.*}}"dispatch":2,{{.*}}"round":0,"rule":"first choice: case gemm-shared-memory{{.*}}"skill":"matmul_tf32x3_mma"

// NONE: "dispatches": []

func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>,
                %x: tensor<4096x1024xf32>) -> (tensor<512x512xf32>, tensor<512x512xf32>, tensor<4096xf32>, tensor<512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %ab = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%z : tensor<512x512xf32>) -> tensor<512x512xf32>
  %cb = linalg.matmul ins(%c, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%z : tensor<512x512xf32>) -> tensor<512x512xf32>
  %er = tensor.empty() : tensor<4096xf32>
  %zr = linalg.fill ins(%zero : f32) outs(%er : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x1024xf32>) outs(%zr : tensor<4096xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %ec = tensor.empty() : tensor<512x512xf32>
  %copy = linalg.copy ins(%a : tensor<512x512xf32>) outs(%ec : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %ab, %cb, %sum, %copy : tensor<512x512xf32>, tensor<512x512xf32>, tensor<4096xf32>, tensor<512x512xf32>
}
// REFUSED: ks-tune: first choices: the plan of the 2 kept did not run (error: the check on the CPU at dimensions <= {{[0-9]+}} failed: ks-run: refused by the test: the plan of kept first choices): the search starts from the seed kernels
// REFUSEDREPORT: "outcome": "dropped: the plan of kept first choices did not run"
