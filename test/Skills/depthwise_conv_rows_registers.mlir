// The skill depthwise_conv_rows_registers on a depthwise 1-d convolution as
// the PyTorch frontend imports nn.Conv1d(8, 8, 5, padding=2, groups=8)
// (2 images, 8 channels, 64 long: depthwise_conv_2d_nchw_chw over 64 rows
// of width 1): blocks of 32 threads x 2 rows of one channel of one image
// (grid 1 x 8 x 2: row tiles, channels, images), neighbouring threads on
// neighbouring rows; the sums start from the bias in registers; FOLD = 1
// reads the unpadded input in place, the padding's fill and copy gone.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 3, "skill": "depthwise_conv_rows_registers", "params": {"TX": 32, "RT": 2, "FOLD": 1}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --emulate-gpu --plan=%t.plan.json --seed=37 | FileCheck %s --check-prefix=EMULATED
// FOLD = 0 keeps the padded copy and reads it.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "depthwise_conv_rows_registers", "params": {"TX": 32, "RT": 2, "FOLD": 0}}]}' > %t.nofold.json
// RUN: ks-run %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --emulate-gpu --plan=%t.nofold.json --seed=41 | FileCheck %s --check-prefix=EMULATED
// Rows that TX x RT does not divide, and a width that is not one, are refused.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "depthwise_conv_rows_registers", "params": {"TX": 64, "RT": 2, "FOLD": 1}}]}' > %t.long.json
// RUN: not ks-opt %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --ks-seed-lowering="plan=%t.long.json" 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: echo '{"dispatches": [{"id": 3, "skill": "depthwise_conv_rows_registers", "params": {"TX": 32, "RT": 1, "FOLD": 1}}]}' > %t.wide.json
// RUN: not ks-opt %S/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --ks-seed-lowering="plan=%t.wide.json" 2>&1 | FileCheck %s --check-prefix=WIDE
// The tuner's first choice for the unit-width convolution is this skill,
// folding the padding (the policy's case convolution-depthwise).
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/conv1d_depthwise_padded_2x8x64.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNED < %t.tune/plan.json

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c8, %c2) threads in (%c32, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<8xi8>
// CHECK: memref.view %[[ACC]]{{.*}} to memref<1x1x2x1xf32>
// CHECK: scf.for
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle, %{{.*}}, %c63
// CHECK: memref.load %arg{{[0-9]+}}[{{.*}}] : memref<2x8x64x1xf32>
// CHECK: arith.select
// CHECK: math.fma

// The two sums stay in registers and each multiply-accumulate is one fma.
// PTX-NOT: ld.local
// PTX: fma.rn.f32
// PTX-NOT: mul.rn.f32
// PTX-NOT: ld.local

// EMULATED: output #0 2x8x64xf32: match

// TILE: error: skill depthwise_conv_rows_registers on dispatch 3: its requirement 'loop_range_1 % BR == 0' does not hold here (loops 2 x 64 x 1 x 8 x 5 x 1)
// WIDE: error: skill depthwise_conv_rows_registers on dispatch 3: its requirement 'loop_range_2 == 1' does not hold here (loops 2 x 8 x 64 x 8 x 3 x 3)

// TUNED: "id": 3,
// TUNED-NEXT: "params": {
// TUNED-NEXT: "FOLD": 1,
// TUNED: "skill": "depthwise_conv_rows_registers"
