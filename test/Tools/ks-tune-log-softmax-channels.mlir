// A log-softmax over channels (Inputs/log_softmax_channels_2x128x8x8.mlir)
// planned by the model: x - max is recomputed where it is read (no tensor
// of differences), so the sum of exponentials reads x and the maximum (a
// second input) and gets the strided skill with its output in a register
// (IN = 2), the maximum the same with IN = 1, and the result is an
// elementwise kernel over x, the maximum and the sum. The plan's kernels,
// run thread by thread on the CPU, match the CPU reference, as the tuner's
// own check of every candidate found.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/log_softmax_channels_2x128x8x8.mlir --measure=model --device=h200 --out=%t/out > %t/log
// RUN: FileCheck %s < %t/out/plan.json
// RUN: FileCheck %s --check-prefix=CHECKED < %t/out/trajectory.jsonl
// RUN: ks-run %S/Inputs/log_softmax_channels_2x128x8x8.mlir --emulate-gpu --plan=%t/out/plan.json --seed=5 | FileCheck %s --check-prefix=EMULATED

// CHECK:      "id": 1,
// CHECK-NEXT: "params": {
// CHECK:        "IN": 1,
// CHECK:      "skill": "reduce_strided_registers"
// CHECK:      "id": 3,
// CHECK-NEXT: "params": {
// CHECK:        "IN": 2,
// CHECK:      "skill": "reduce_strided_registers"

// CHECKED: "dispatch":3,{{.*}}"numerics":"checked on the CPU at dimensions <= 256: match"

// EMULATED: output #0 2x128x8x8xf32: match
