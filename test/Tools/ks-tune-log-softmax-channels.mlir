// A log-softmax over channels (Inputs/log_softmax_channels_2x128x8x8.mlir)
// planned by the model: ks-one-pass-softmax has taken the maximum and the
// sum of exponentials as one reduction with two outputs (dispatch 2),
// whose quotients re-read the input; the first choice computes both in one
// kernel, each column split among S threads that keep their channels in
// registers (reduce_strided_split_epilogue), so no plain strided reduction
// and no kernel of the quotients' own is left. The plan's kernels, run
// thread by thread on the CPU, match the CPU reference (which keeps the
// two passes), as the tuner's own check of every candidate found.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/log_softmax_channels_2x128x8x8.mlir --measure=model --device=h200 --out=%t/out > %t/log
// RUN: FileCheck %s < %t/out/plan.json
// RUN: FileCheck %s --check-prefix=CHECKED < %t/out/trajectory.jsonl
// RUN: ks-run %S/Inputs/log_softmax_channels_2x128x8x8.mlir --emulate-gpu --plan=%t/out/plan.json --seed=5 | FileCheck %s --check-prefix=EMULATED

// CHECK:      "id": 2,
// CHECK-NEXT: "params": {
// CHECK:      "skill": "reduce_strided_split_epilogue"
// CHECK-NOT:  "id": 3

// CHECKED: "dispatch":2,{{.*}}"numerics":"checked on the CPU at dimensions <= 256: match"

// EMULATED: output #0 2x128x8x8xf32: match
