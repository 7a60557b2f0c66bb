// The skill reduce_strided_epilogue on RMS norm over 8 channels of
// [2, 8, 256] (dispatch 1, the sum of squares, and the normalization after
// it): one kernel of 8 x 2 blocks of 32 threads, a thread per pixel. Its
// sum starts from the fill's zero in a register (the fill's kernel is
// gone), walks the 8 channels 4 at a time, and the same thread then divides
// its 8 values by sqrt(mean + eps), computed once.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_epilogue", "params": {"BX": 32, "U": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/rms_norm_2x8x16x16.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/rms_norm_2x8x16x16.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/rms_norm_2x8x16x16.mlir --emulate-gpu --plan=%t.plan.json --seed=47 | FileCheck %s --check-prefix=EMULATED
// With the walk unrolled whole (U = 8 = C) the epilogue's loads are the
// walk's, marked ks.row_owned: ks-forward-row-values forwards them and the
// PTX loads the column once (8 loads, against 16 with U = 4 above).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_epilogue", "params": {"BX": 32, "U": 8}}]}' > %t.whole.json
// RUN: rm -rf %t.whole && ks-opt %S/Inputs/rms_norm_2x8x16x16.mlir --ks-compile="plan=%t.whole.json ptx-dir=%t.whole" -o /dev/null
// RUN: grep -c ld.global %t.whole/main_kernel.sm_90.ptx | FileCheck %s --check-prefix=WHOLE
// RUN: grep -c ld.global %t.ptx/main_kernel.sm_90.ptx | FileCheck %s --check-prefix=TWICE
// RUN: ks-run %S/Inputs/rms_norm_2x8x16x16.mlir --emulate-gpu --plan=%t.whole.json --seed=53 | FileCheck %s --check-prefix=EMULATED
// The loop (ks-tune, the cost model) at level1/35's size tunes the
// reduction first though the normalization is the slower seed kernel: the
// epilogue skill takes it in, where vectorizing it first had left the skill
// nothing to fuse.
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/rms_norm_16x64x128x128.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.tune > %t.tune.log 2>&1
// RUN: grep '"accepted":true' %t.tune/trajectory.jsonl | head -1 | FileCheck %s --check-prefix=TUNE-FIRST
// RUN: FileCheck %s --check-prefix=TUNE-PLAN < %t.tune/plan.json
// L2 normalization over channels (F.normalize(x, dim=1)) as Torch-MLIR
// writes it: |x|^2 summed, its square root clamped to eps, broadcast by a
// generic of its own through a collapse_shape, and x divided by it. Fused,
// the divide was a 5-d op with the reshape's unit loop, which the skill
// could not tile alike ("operations cannot be fused"); merged to
// [2, 16, 128] it is RMS norm's successor: one kernel, the clamped norm
// computed once per thread, the column loaded once where U = C.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_epilogue", "params": {"BX": 32, "U": 4}}]}' > %t.l2.json
// RUN: ks-opt %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --ks-seed-lowering="plan=%t.l2.json" | FileCheck %s --check-prefix=L2
// RUN: ks-run %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --emulate-gpu --plan=%t.l2.json --seed=47 | FileCheck %s --check-prefix=L2-EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_epilogue", "params": {"BX": 32, "U": 16}}]}' > %t.l2whole.json
// RUN: rm -rf %t.l2ptx && ks-opt %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --ks-compile="plan=%t.l2whole.json ptx-dir=%t.l2ptx" -o /dev/null
// RUN: grep -c ld.global %t.l2ptx/main_kernel.sm_90.ptx | FileCheck %s --check-prefix=L2-WHOLE
// RUN: ks-run %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --emulate-gpu --plan=%t.l2whole.json --seed=53 | FileCheck %s --check-prefix=L2-EMULATED
// A plan naming the normalization instead of the reduction is refused
// before any rewriting:
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_epilogue", "params": {"BX": 32, "U": 4}}]}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/rms_norm_2x8x16x16.mlir --ks-compile="plan=%t.bad.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c8, %c2, %c1) threads in (%c32, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel
// CHECK: %[[ACC:.*]] = memref.view
// CHECK: memref.store %cst, %[[ACC]]
// CHECK: scf.for
// CHECK-COUNT-4: arith.mulf
// CHECK: }
// CHECK: math.sqrt
// CHECK: scf.for
// CHECK-COUNT-4: arith.divf
// CHECK: }

// PTX: sqrt.approx.f32
// PTX-NOT: sqrt
// PTX-COUNT-8: div.rn.f32

// EMULATED: output #0 2x8x16x16xf32: match

// BAD: error: skill reduce_strided_epilogue on dispatch 2: its requirement 'loop_range_1 % BX == 0' does not hold here (loops 2 x 8 x 256)

// L2: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c2, %c1) threads in (%c32, %c1, %c1)
// L2-NOT: gpu.launch_func
// L2: gpu.func @main_kernel
// L2: scf.for
// L2-COUNT-4: math.absf
// L2: }
// L2: math.sqrt
// L2: arith.cmpf ult
// L2: arith.select
// L2: scf.for
// L2-COUNT-4: arith.divf
// L2: }

// L2-EMULATED: output #0 2x16x8x16xf32: match

// L2-WHOLE: {{^}}16{{$}}

// WHOLE: {{^}}8{{$}}
// TWICE: {{^}}16{{$}}

// TUNE-FIRST: "dispatch":1,{{.*}}"skill":"reduce_strided_epilogue"
// TUNE-PLAN: "id": 1,
// TUNE-PLAN: "skill": "reduce_strided_epilogue"
// TUNE-PLAN-NOT: "id": 2,
