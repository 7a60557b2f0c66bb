// The skill conv_output_registers on a 3x3 NCHW convolution (2 images, 8 ->
// 16 channels, 8x64 outputs): blocks of 64 columns of one output row of one
// filter (grid 1 x 8 x 16), each thread one column, walking the 2 images;
// per image the output element is copied into a private buffer, the 8 x 3 x
// 3 window summed into it, and copied out once.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=conv_output_registers params=BX=64" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_output_registers", "params": {"BX": 64}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_nchw_2x8x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/conv2d_nchw_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=71 | FileCheck %s --check-prefix=EMULATED
// A strided pointwise convolution with 200704 threads, each with its private
// buffer in a loop: the CPU emulator releases every thread's stack (it
// overflowed the stack before).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_output_registers", "params": {"BX": 56}}]}' > %t.pointwise.json
// RUN: ks-run %S/Inputs/conv2d_pointwise_16x64x56x56.mlir --emulate-gpu --plan=%t.pointwise.json --seed=12 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c8, {{.*}} = %c16) threads({{.*}}) in ({{.*}} = %c64, {{.*}} = %c1, {{.*}} = %c1)
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<4xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]{{.*}} to memref<1x1x1x1xf32>
// CHECK: linalg.copy ins(%{{.*}} : memref<1x1x1x1xf32, {{.*}}>) outs(%[[VIEW]] : memref<1x1x1x1xf32>)
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} outs(%[[VIEW]] : memref<1x1x1x1xf32>)
// CHECK: linalg.copy ins(%[[VIEW]] : memref<1x1x1x1xf32>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "conv_output_registers"}

// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c8, %c16) threads in (%c64, %c1, %c1)

// The sum in a register: the window's 72 input and 72 filter loads plus the
// output's once, one store, per image; no local memory.
// PTX-NOT: .local
// PTX-COUNT-145: ld.global
// PTX-NOT: ld.global
// PTX: st.global.b32
// PTX-NOT: st.global

// EMULATED: output #0 {{.*}}xf32: match, max abs err 0.00e+00

func.func @main(%x: memref<2x8x10x66xf32>, %w: memref<16x8x3x3xf32>, %y: memref<2x16x8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x16x8x64xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, ks.dispatch = 1 : i64, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x8x10x66xf32>, memref<16x8x3x3xf32>) outs(%y : memref<2x16x8x64xf32>)
  return
}
