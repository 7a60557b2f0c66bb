// The skill conv3d_filter_register_tile on a 3x3x3 NCDHW convolution (2
// images, 4 -> 16 channels, 4x8x64 outputs): blocks of one output row of 32
// columns of all 16 filters (grid 2 x 8 x 4: column groups, rows, depths),
// 16 x 2 threads of 8 filters x 2 columns, each walking the 2 images; the
// sums live in a private buffer while the channel x window loops run
// outside the filter and column loops.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=conv3d_filter_register_tile params=BX=32,FT=8,CT=2,TY=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv3d_filter_register_tile", "params": {"BX": 32, "FT": 8, "CT": 2, "TY": 2}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv3d_ncdhw_2x4x6x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/conv3d_ncdhw_2x4x6x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=19 | FileCheck %s --check-prefix=EMULATED

// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c8, {{.*}} = %c4) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c2, {{.*}} = %c1)
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<64xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]{{.*}} to memref<1x8x1x1x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<1x8x1x1x2xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction", "parallel", "parallel"]{{.*}} outs(%[[VIEW]] : memref<1x8x1x1x2xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[W:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[SUM:.*]] = math.fma %[[IN]], %[[W]], %[[OUT]] : f32
// CHECK: linalg.copy ins(%[[VIEW]] : memref<1x8x1x1x2xf32>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "conv3d_filter_register_tile"}

// HOST-NOT: gpu.launch_func
// HOST: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c8, %c4) threads in (%c16, %c2, %c1)
// HOST-NOT: gpu.launch_func

// The sums stay in registers (no local memory is read back) and every
// multiply-accumulate is one fma, not a mul.rn and an add.rn.
// PTX-NOT: ld.local
// PTX: fma.rn.f32
// PTX-NOT: mul.rn.f32
// PTX-NOT: ld.local

// EMULATED: output #0 {{.*}}xf32: match

func.func @main(%x: memref<2x4x6x10x66xf32>, %w: memref<16x4x3x3x3xf32>, %y: memref<2x16x4x8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x16x4x8x64xf32>)
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, ks.dispatch = 1 : i64, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : memref<2x4x6x10x66xf32>, memref<16x4x3x3x3xf32>) outs(%y : memref<2x16x4x8x64xf32>)
  return
}
