// The search's two margins: a skill's kernel gives way to another skill's
// only `win` times faster, to its own skill with other parameters `param-win`
// times. On a padded conv1d (Inputs/conv1d_k5_padded.mlir) the model's first
// choice copies the padding apart (FOLD = 0); reading it in place (FOLD = 1)
// is estimated 1.33x faster, the pad's kernel gone. That move is the same
// skill's: it is taken under a param-win of 1.3 whatever win is, and not
// under a param-win of 1.4 though win is 1.3.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/conv1d_k5_padded.mlir --measure=model --device=h200 --win=1.4 --param-win=1.3 --out=%t/moves > /dev/null
// RUN: FileCheck %s --check-prefix=MOVES < %t/moves/plan.json
// RUN: ks-tune --precision=tf32x3 %S/Inputs/conv1d_k5_padded.mlir --measure=model --device=h200 --win=1.3 --param-win=1.4 --out=%t/stays > /dev/null
// RUN: FileCheck %s --check-prefix=STAYS < %t/stays/plan.json
// RUN: FileCheck %s --check-prefix=DIAGNOSED < %t/stays/trajectory.jsonl

// MOVES: "FOLD": 1,
// MOVES: "skill": "conv1d_implicit_gemm_tf32x3_mma"
// STAYS: "FOLD": 0,
// STAYS: "skill": "conv1d_implicit_gemm_tf32x3_mma"
// DIAGNOSED: "diagnosis":"1.33x on the base: under the 1.40x needed to move it"{{.*}}"FOLD":1,
