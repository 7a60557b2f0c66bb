// --refine=N: the search estimates with the cost model, then each decided
// signature's N best-estimated candidates and its seed kernel are measured
// on the GPU (here a stand-in for ks-run whose times disagree with the
// model: larger register tiles are slower) and the measured fastest is
// kept; the report and the database say the times are the GPU's. Where the
// model ties, the candidates are a spread of the tie (unittests/
// RefineCandidatesTest.cpp).
// UNSUPPORTED: device-bundle
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune %s --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/out --ks-run=%S/Inputs/fake_ks_run_refine.py --rounds=4 --jobs=1 --refine=3 --cpu-check-dim=0 --device=h200 --sol-target=100 --db=%t/db.json > %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: %python %S/Inputs/check_refined.py %t/out | FileCheck %s --check-prefix=KEPT
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// Invariant loads are decided first, and each candidate is measured loaded
// as the model's plan is.
// RUN: FileCheck %s --check-prefix=CANDIDATE < %t/out/refine-d1-3.plan.json
// Seed kernels that do not finish on the GPU leave nothing to check
// candidates against: the model's plan stands, and the report says why.
// RUN: env FAKE_SEED_TIMEOUT=1 ks-tune %s --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/slow-seed --ks-run=%S/Inputs/fake_ks_run_refine.py --rounds=4 --jobs=1 --refine=3 --cpu-check-dim=0 --device=h200 --sol-target=100 > %t/slow-seed.log
// RUN: FileCheck %s --check-prefix=SLOWSEED < %t/slow-seed.log
// RUN: FileCheck %s --check-prefix=SLOWSEED-REPORT < %t/slow-seed/report.json
// RUN: FileCheck %s --check-prefix=SLOWSEED-PLAN < %t/slow-seed/plan.json
// A search measured on the GPU is not refined again.
// RUN: not ks-tune %s --measure=gpu --refine=2 --out=%t/gpu --ks-run=%S/Inputs/fake_ks_run_refine.py 2>&1 | FileCheck %s --check-prefix=MEASURED
// Without ks-run there is nothing to refine on.
// RUN: not ks-tune %s --measure=model --refine=2 --device=h200 --rounds=1 --cpu-check-dim=0 --out=%t/none --ks-run=%t/no-ks-run 2>&1 | FileCheck %s --check-prefix=NONE

// LOG: ks-tune: estimating on h200
// LOG: ks-tune: refinement on the GPU: seed 0.9100 ms, the model's plan {{[0-9.]+}} ms
// LOG: ks-tune:   refinement: dispatch 1: matmul_register_tile {{.*}} measured faster than matmul_register_tile
// LOG: ks-tune: refinement: 2 signature(s) measured, 1 changed by the GPU
// LOG: 1         matmul                900.00
// LOG: whole program: seed 0.9100 ms, tuned {{[0-9.]+}} ms, {{[0-9.]+}}x; plan:
// LOG-NOT: not measured on a GPU

// KEPT: dispatch 1: kept matmul_register_tile {{.*}} of 5 measured, changed true
// KEPT: dispatch 0: kept seed kernel at 10 us of 1 measured, changed false

// DB: "note": "refined on the GPU among the model's best"
// DB: "source": "gpu"

// CANDIDATE: "skill": "matmul_register_tile"
// CANDIDATE: "invariant_loads": [
// CANDIDATE-NEXT: 1
// CANDIDATE-NEXT: ]

// SLOWSEED: ks-tune: refinement skipped: the seed kernels did not run on the GPU (timeout: the GPU run did not finish within 120 s; the worker was stopped), so no candidate can be checked against them; the model's plan is kept
// SLOWSEED: whole program: seed
// SLOWSEED-REPORT: "skipped": "the seed kernels did not run on the GPU (timeout:
// SLOWSEED-REPORT: "refined_on_gpu": false
// SLOWSEED-PLAN: "skill": "matmul_register_tile"

// MEASURED: ks-tune: --refine searches with the cost model and measures its best on the GPU: use it with --measure=model or auto, not gpu
// NONE: ks-tune: --refine measures on the GPU with ks-run, and there is none at {{.*}}no-ks-run (use --ks-run)

func.func @main(%a: tensor<1024x512xf32>, %b: tensor<512x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x512xf32>, tensor<512x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
