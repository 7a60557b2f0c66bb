// The skill conv_filter_register_tile on a 3x3 NCHW convolution (2 images,
// 8 -> 16 channels, 8x64 outputs): blocks of all 16 filters x 64 columns
// of one output row of one image (grid 1 x 8 x 2: column groups, rows,
// images), 32 x 2 threads of 8 filters x 2 columns; the 16 sums live in a
// private buffer while the channel x window loops run outside the filter
// and column loops (iterators n, oh, c, kh, kw, f, ow).
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=conv_filter_register_tile params=BX=64,FT=8,CT=2,TY=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_filter_register_tile", "params": {"BX": 64, "FT": 8, "CT": 2, "TY": 2}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_nchw_2x8x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/conv2d_nchw_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=31 | FileCheck %s --check-prefix=EMULATED
// With a bias, as Torch-MLIR writes it (broadcast, then accumulated onto):
// the sums start from the bias and the broadcast kernel is gone.
// RUN: ks-opt %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --ks-compile="plan=%t.plan.json" | FileCheck %s --check-prefix=BIAS
// RUN: ks-run %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=37 | FileCheck %s --check-prefix=EMULATED
// LeNet's second convolution (16 filters, rows of 10: blocks of 10
// columns, 8 threads along the filters) followed by a GEMM on tensor cores:
// the skill's multiply-add contraction into fma stays inside its own
// kernel, and the GEMM's skill still finds the mulf and addf it matches.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_filter_register_tile", "params": {"BX": 10, "FT": 2, "CT": 2, "TY": 8}}, {"id": 3, "skill": "matmul_tf32x3_mma", "params": {"BM": 32, "BN": 32, "BK": 16, "WM": 16, "WN": 16, "S": 3}}]}' > %t.lenet.json
// RUN: rm -rf %t.lenet && ks-opt %S/Inputs/conv_then_linear_2x6x14x14.mlir --ks-compile="plan=%t.lenet.json ptx-dir=%t.lenet" | FileCheck %s --check-prefix=LENET
// RUN: FileCheck %s --check-prefix=LENET-CONV < %t.lenet/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=LENET-GEMM < %t.lenet/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/conv_then_linear_2x6x14x14.mlir --emulate-gpu --plan=%t.lenet.json --seed=43 | FileCheck %s --check-prefix=LENET-EMULATED

// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c8, {{.*}} = %c2) threads({{.*}}) in ({{.*}} = %c32, {{.*}} = %c2, {{.*}} = %c1)
// CHECK-NOT: scf.for
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<64xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]{{.*}} to memref<1x8x1x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<1x8x1x2xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "parallel", "parallel"]{{.*}} outs(%[[VIEW]] : memref<1x8x1x2xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[W:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[SUM:.*]] = math.fma %[[IN]], %[[W]], %[[OUT]] : f32
// CHECK: linalg.copy ins(%[[VIEW]] : memref<1x8x1x2xf32>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "conv_filter_register_tile"}

// HOST-NOT: gpu.launch_func
// HOST: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c8, %c2) threads in (%c32, %c2, %c1)
// HOST-NOT: gpu.launch_func

// BIAS-NOT: gpu.launch_func
// BIAS: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c8, %c2)
// BIAS-NOT: gpu.launch_func

// The sums stay in registers (no local memory is read back) and every
// multiply-accumulate is one fma, not a mul.rn and an add.rn.
// PTX-NOT: ld.local
// PTX: fma.rn.f32
// PTX-NOT: mul.rn.f32
// PTX-NOT: ld.local

// EMULATED: output #0 {{.*}}xf32: match

func.func @main(%x: memref<2x8x10x66xf32>, %w: memref<16x8x3x3xf32>, %y: memref<2x16x8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x16x8x64xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, ks.dispatch = 1 : i64, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x8x10x66xf32>, memref<16x8x3x3xf32>) outs(%y : memref<2x16x8x64xf32>)
  return
}

// LENET: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c10, %c2) threads in (%c5, %c8, %c1)
// LENET: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
// LENET-CONV: fma.rn.f32
// LENET-GEMM-NOT: fma.rn.f32
// LENET-GEMM: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// LENET-EMULATED: output #0 2x32xf32: match
