// The search leaves a skill that has stalled for one that came close, and
// the estimate charges a kernel whose registers leave too few warps an SM
// to hide its loads' latency.
// REQUIRES: ptxas
// RUN: rm -rf %t
// RUN: ks-tune --precision=tf32x3 %S/Inputs/softmax_16384x2048.mlir --measure=model --device=h200 --rounds=6 --jobs=1 --cpu-check-dim=0 --out=%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=TRAJ < %t/trajectory.jsonl

// A softmax over 16384 rows of 2048: a warp per row first (the policy's
// case for many rows). Its vectorized point keeps four rows of 64 values
// a lane in registers: ptxas gives it enough of them that an SM holds 12
// warps, and the estimate is charged 16/12 for it. Three of the warp
// skill's neighbours in a row bring no new best; the block skill, whose
// first-choice alternative came within 0.75 of the warp's, takes the
// fourth round, and its vectorized point (64 warps an SM) is the new base.
// The search then goes on around it.
// CHECK: ks-tune: dispatch 1 (reduction) round 1/6: fuse_rows_warp
// CHECK: ks-tune: dispatch 1 (reduction) round 2/6: fuse_rows_warp
// CHECK: ks-tune: dispatch 1 (reduction) round 3/6: fuse_rows_warp
// CHECK: ks-tune: dispatch 1 (reduction) round 4/6: fuse_rows_block {"E":1,"M":1,"RCP":1,"T":256,"V":1}
// CHECK-NEXT: ks-tune:   -> round 4: ok, {{[0-9.]+}} us: new base
// CHECK: ks-tune: dispatch 1 (reduction) round 5/6: fuse_rows_block
// CHECK: ks-tune: dispatch 1 (reduction) round 6/6: fuse_rows_block

// TRAJ: "params":{"E":2,"M":1,"R":4,"RCP":1,"V":1},{{.*}}"resident_warps_per_sm":12,"round":1,
// TRAJ: "accepted":true,{{.*}}"params":{"E":1,"M":1,"RCP":1,"T":256,"V":1},{{.*}}"resident_warps_per_sm":64,"round":4,{{.*}}"skill":"fuse_rows_block"
