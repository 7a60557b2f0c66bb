// Without a GPU the loop runs on the cost model: candidates are compiled,
// assembled by ptxas and ranked by their estimated times on the device,
// and everything the loop writes says it was estimated. The tuning
// database remembers the answer; a second compile takes it and measures
// nothing.
// The search from the seed (--first-choices=false); the first choices
// before it: test/Tools/ks-tune-first-choices.mlir.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --first-choices=false --invariant-loads=false --precision=tf32x3 %s --measure=model --device=h100-sxm --rounds=3 --jobs=3 --out=%t/first --db=%t/db.json | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --check-prefix=TRAJ < %t/first/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=REPORT < %t/first/report.json
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// RUN: ks-tune --first-choices=false --invariant-loads=false --precision=tf32x3 %s --measure=model --out=%t/second --db=%t/db.json | FileCheck %s --check-prefix=SECOND
// RUN: not ls %t/second/seed.run.json %t/second/trajectory.jsonl
// RUN: diff %t/first/plan.json %t/second/plan.json
// RUN: FileCheck %s --check-prefix=REPORT2 < %t/second/report.json

// The seed matmul re-reads its operands and its output from L1/L2 at every
// k; operand tiles in shared memory (copied asynchronously, three stages)
// computed by tensor cores (3xTF32) cut the bytes loaded and the issue
// slots, clearly faster, so the base moves.
// FIRST: ks-tune: estimating on h100-sxm (NVIDIA H100 SXM5 80GB): times are the cost model's, kernels are checked by ptxas; numerics are checked on the CPU: {{.*}} dimensions <= 256
// The three rounds are one batch (--jobs=3): planned together, each one
// counted as attempted for the next, built in parallel, then judged in order;
// a skill not yet built on the dispatch gets two of them, the next skill the
// third.
// FIRST: ks-tune: dispatch 1 (matmul) round 1/3: matmul_tf32x3_mma {"BK":16,"BM":64,"BN":64,"S":3,"WM":32,"WN":32}
// FIRST-NEXT: ks-tune: dispatch 1 (matmul) round 2/3: matmul_tf32x3_mma
// FIRST-NEXT: ks-tune: dispatch 1 (matmul) round 3/3: matmul_fma_pipelined
// FIRST-NEXT: ks-tune:   -> round 1: ok, {{.*}} us: new base
// FIRST-NEXT: ks-tune:   -> round 2: ok
// FIRST-NEXT: ks-tune:   -> round 3: ok
// FIRST: whole program: seed {{.*}} ms, tuned {{.*}} ms, {{[0-9.]+}}x (estimated on h100-sxm, not measured on a GPU)

// TRAJ: {"absorbed_dispatches":[0],"absorbed_kernel_us":{{[0-9.]+}},"accepted":true,"base":"seed","base_kernel_us":{{.*}},"batch":{"first_round":1,"size":3},{{.*}}"dispatch":1,"evidence":{{.*}}"l1_throughput_pct":{{.*}},"numerics":"checked on the CPU at dimensions <= 256: match","outcome":"ok","params":{"BK":16,"BM":64,"BN":64,"S":3,"WM":32,"WN":32},"program":"{{[0-9a-f]+}}","resident_warps_per_sm":16,"round":1,"rule":"case gemm-shared-memory: tier high {{.*}}bottleneck gemm_tiling
// TRAJ: "round":2
// TRAJ: "round":3

// REPORT: "device": {
// REPORT: "name": "h100-sxm"
// REPORT: "bottleneck": "gemm_tiling"
// REPORT: "source": "model"
// REPORT: "winner": {
// REPORT: "skill": "matmul_tf32x3_mma"
// REPORT: "measured_on_gpu": false

// The database keys dispatches by op and shapes plus a hash of the op; the
// fill keeps its seed kernel (it is at its roofline).
// DB: "signature": "linalg.matmul:512x512xf32:512x512xf32:512x512xf32#{{[0-9a-f]+}}"
// DB: "skill": "matmul_tf32x3_mma"
// DB: "source": "model"
// DB: "signature": "linalg.fill:f32:512x512xf32#{{[0-9a-f]+}}"
// DB-NEXT: "skill": null

// SECOND: ks-tune: every dispatch (2) found in {{.*}}db.json: nothing measured
// REPORT2: "from_database": true
// REPORT2: "measurement": "none: every dispatch was found in the tuning database"
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
