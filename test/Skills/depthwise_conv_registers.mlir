// The skill depthwise_conv_registers on a depthwise 3x3 NCHW convolution (2
// images, 8 channels, 8x64 outputs): blocks of 4 whole rows of one
// channel of one image (grid 2 x 8 x 2: row groups, channels, images), 32
// threads of 4 rows x 2 columns, neighbouring threads on neighbouring
// columns; the 8 sums live in a private buffer while the window loops run
// outside the row and column loops (iterators n, c, kh, kw, oh, ow).
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=depthwise_conv_registers params=TX=32,RT=4,CT=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/conv2d_depthwise_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED

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

func.func @main(%x: memref<2x8x10x66xf32>, %w: memref<8x3x3xf32>, %y: memref<2x8x8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x8x8x64xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, ks.dispatch = 1 : i64, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x8x10x66xf32>, memref<8x3x3xf32>) outs(%y : memref<2x8x8x64xf32>)
  return
}
