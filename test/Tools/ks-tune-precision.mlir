// The precision policy decides which numerics the loop may choose. By
// default (exact: f32 operations only) the GEMM's tensor-core skills are
// passed over and the FMA GEMM of warp tiles is tried; with
// --precision=tf32x3 the 3xTF32 tensor-core GEMM is. The report says which
// policy held. A database answer made under tf32x3 is not taken under the
// exact policy: that dispatch is tuned again. An unknown policy is an
// error naming the known ones.
// The search from the seed (--first-choices=false); the first choices
// before it: test/Tools/ks-tune-first-choices.mlir.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --first-choices=false %s --measure=model --rounds=1 --jobs=1 --cpu-check-dim=0 --out=%t/exact | FileCheck %s --check-prefix=EXACT
// RUN: FileCheck %s --check-prefix=EXACTTRAJ < %t/exact/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=EXACTREPORT < %t/exact/report.json
// RUN: ks-tune --first-choices=false %s --precision=tf32x3 --measure=model --rounds=1 --jobs=1 --cpu-check-dim=0 --out=%t/tf32x3 --db=%t/db.json | FileCheck %s --check-prefix=TF32X3
// RUN: FileCheck %s --check-prefix=TF32X3REPORT < %t/tf32x3/report.json
// RUN: ks-tune --first-choices=false %s --measure=model --rounds=1 --jobs=1 --cpu-check-dim=0 --out=%t/again --db=%t/db.json | FileCheck %s --check-prefix=AGAIN
// RUN: not ks-tune --first-choices=false %s --precision=fp16 --measure=model --out=%t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ks-opt %s --ks-optimize="precision=fp16 measure=model out=%t/badopt" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADOPT

// EXACT: ks-tune: dispatch 1 (matmul) round 1/1: matmul_fma_pipelined {"BK":16,"BM":64,"BN":128,"MINB":3,"S":2,"TM":8,"TN":8,"WM":32,"WN":64}
// EXACTTRAJ: "skill":"matmul_fma_pipelined"
// EXACTTRAJ-NOT: "skill":"matmul_tf32x3_mma"
// EXACTREPORT: "precision": "exact"

// TF32X3: ks-tune: dispatch 1 (matmul) round 1/1: matmul_tf32x3_mma
// TF32X3REPORT: "precision": "tf32x3"

// AGAIN: ks-tune: dispatch 1: the database's matmul_tf32x3_mma does not apply (its numerics (tf32x3) are outside the precision policy (exact)): tuning it
// AGAIN: ks-tune: dispatch 1 (matmul) round 1/1: matmul_fma_pipelined

// BAD: ks-tune: unknown precision 'fp16': expected exact, tf32x3, tf32
// BADOPT: unknown precision 'fp16': expected exact, tf32x3, tf32
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
