// The skill depthwise_conv_registers on a depthwise 3x3 NCHW convolution (2
// images, 8 channels, 8x64 outputs): blocks of 4 whole rows of one
// channel of one image (grid 2 x 8 x 2: row groups, channels, images), 32
// threads of 4 rows x 2 columns, neighbouring threads on neighbouring
// columns; the 8 sums live in a private buffer while the window loops run
// outside the row and column loops (iterators n, c, kh, kw, oh, ow).
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=depthwise_conv_registers params=TX=32,RT=4,CT=2,UNROLL=0" | FileCheck %s
// UNROLL = 1 (the default): the window and the tile unrolled, 3 x 3 x 4 x 2
// multiply-adds in a row, no loop; LLVM then loads the (4 + 2) x (2 + 2)
// inputs the tile reads and the 9 weights once each (33 loads, not 72).
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=depthwise_conv_registers params=TX=32,RT=4,CT=2" | FileCheck %s --check-prefix=UNROLLED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: grep -c "ld.global" %t.ptx/main_kernel.sm_90.ptx | FileCheck %s --check-prefix=LOADS
// RUN: ks-run %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED
// FOLD = 1 on a zero-padded input (nn.Conv2d(8, 8, 3, padding=1,
// groups=8) as the frontend imports it): one kernel reads the input in
// place (the border checked per element, a clamped load); the padding's
// fill and copy (dispatches 0, 1) and the bias broadcast are gone, also
// when the plan has a step for the fill, which runs after the fold.
// RUN: echo '{"dispatches": [{"id": 0, "skill": "block_thread_tile_2d", "params": {"BM": 16, "BN": 64, "TM": 4, "TN": 4}}, {"id": 3, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2, "FOLD": 1}}]}' > %t.fold.json
// RUN: ks-opt %S/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --ks-seed-lowering="plan=%t.fold.json" | FileCheck %s --check-prefix=FOLDED
// RUN: ks-run %S/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --emulate-gpu --plan=%t.fold.json --seed=31 | FileCheck %s --check-prefix=EMULATED
// The features count the padded input; FOLD = 1 needs one.
// RUN: ks-opt %S/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --ks-dispatches --ks-print-features -o /dev/null | FileCheck %s --check-prefix=FEATURES
// RUN: echo '{"dispatches": [{"id": 1, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2, "FOLD": 1}}]}' > %t.nopad.json
// RUN: not ks-opt %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --ks-seed-lowering="plan=%t.nopad.json" 2>&1 | FileCheck %s --check-prefix=NOPAD
// The tuner's first choice (the policy starts from FOLD = 1) folds where
// the input is padded, and keeps FOLD = 0 where it is not.
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/conv2d_depthwise_padded_2x8x8x64.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNED < %t.tune/plan.json
// RUN: rm -rf %t.tune0 && ks-tune %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --measure=model --rounds=1 --chip=sm_90 --out=%t.tune0 > %t.tune0.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNED0 < %t.tune0/plan.json

// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c8, {{.*}} = %c2) threads({{.*}}) in ({{.*}} = %c32, {{.*}} = %c1, {{.*}} = %c1)
// CHECK-NOT: scf.for
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<32xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]{{.*}} to memref<1x1x4x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<1x1x4x2xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "parallel", "parallel"]{{.*}} outs(%[[VIEW]] : memref<1x1x4x2xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[W:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[SUM:.*]] = math.fma %[[IN]], %[[W]], %[[OUT]] : f32
// CHECK: linalg.copy ins(%[[VIEW]] : memref<1x1x4x2xf32>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "depthwise_conv_registers"}

// UNROLLED: gpu.launch
// UNROLLED-NOT: scf.for
// UNROLLED-NOT: linalg.generic
// UNROLLED-COUNT-72: math.fma
// UNROLLED-NOT: math.fma
// UNROLLED: } {ks.dispatch = 1 : i64, ks.skill = "depthwise_conv_registers"}

// LOADS: {{^}}33{{$}}

// HOST-NOT: gpu.launch_func
// HOST: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c8, %c2) threads in (%c32, %c1, %c1)
// HOST-NOT: gpu.launch_func

// The sums stay in registers (no local memory is read back) and every
// multiply-accumulate is one fma, not a mul.rn and an add.rn.
// PTX-NOT: ld.local
// PTX: fma.rn.f32
// PTX-NOT: mul.rn.f32
// PTX-NOT: ld.local

// EMULATED: output #0 {{.*}}xf32: match

// FOLDED: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// FOLDED: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c8, %c2) threads in (%c32, %c1, %c1)
// FOLDED-NOT: gpu.launch_func
// FOLDED: arith.cmpi sge
// FOLDED: arith.cmpi sle, %{{.*}}, %c7
// FOLDED: arith.minsi
// FOLDED: memref.load %arg{{[0-9]+}}[{{.*}}] : memref<2x8x8x64xf32>
// FOLDED: arith.select
// FOLDED: math.fma

// FEATURES: "id": 3,
// FEATURES: "op_class": "convolution",
// FEATURES: "padded_inputs": 1,

// NOPAD: error: skill depthwise_conv_registers on dispatch 1: its requirement 'FOLD <= padded_inputs' does not hold here (loops 2 x 8 x 64 x 8 x 3 x 3)

// TUNED: "id": 3,
// TUNED-NEXT: "params": {
// TUNED-NEXT: "CT": {{[0-9]+}},
// TUNED-NEXT: "FOLD": 1,
// TUNED: "skill": "depthwise_conv_registers"
// TUNED0: "id": 1,
// TUNED0-NEXT: "params": {
// TUNED0-NEXT: "CT": {{[0-9]+}},
// TUNED0-NEXT: "FOLD": 0,
// TUNED0: "skill": "depthwise_conv_registers"

func.func @main(%x: memref<2x8x10x66xf32>, %w: memref<8x3x3xf32>, %y: memref<2x8x8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x8x8x64xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, ks.dispatch = 1 : i64, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x8x10x66xf32>, memref<8x3x3xf32>) outs(%y : memref<2x8x8x64xf32>)
  return
}
