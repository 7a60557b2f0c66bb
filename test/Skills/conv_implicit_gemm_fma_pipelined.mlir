// The skill conv_implicit_gemm_fma_pipelined: a convolution as an implicit
// GEMM (ks.conv_implicit_gemm) in exact f32 FMAs (ks.matmul_mma_sync
// precision "fma"). On the 2x8x10x66 convolution with a bias (16 filters
// of 8x3x3: M = 16 filters, N = 8 x 64 pixels per image, K = 72; 32x64
// tiles of 2x2 warps of 16x32, each thread 4x4): one launch of 8 x 1 x 2
// blocks of 128 threads, the filter's tile copied 16 bytes at a time, the
// input's gathered element by element through the table of window offsets,
// FMAs on rows of 4 sums; no tensor core in the PTX. On the CPU it matches
// the reference with a bias, strides, dilation, and padding read in place
// (FOLD = 1).
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_implicit_gemm_fma_pipelined", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "TM": 4, "TN": 4, "S": 2, "MINB": 0}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=51 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/conv2d_strided_2x4x21x23.mlir --emulate-gpu --plan=%t.plan.json --seed=52 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/conv2d_dilated_2x4x12x12.mlir --emulate-gpu --plan=%t.plan.json --seed=53 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_implicit_gemm_fma_pipelined", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "TM": 4, "TN": 4, "S": 2, "MINB": 0, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=54 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch_func  @main_kernel::@main_kernel blocks in (%c8, %c1, %c2) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: %[[A:.*]] = memref.get_global @mma_tile : memref<2x32x20xf32, #gpu.address_space<workgroup>>
// CHECK: %[[B:.*]] = memref.get_global @mma_tile_0 : memref<2x16x72xf32, #gpu.address_space<workgroup>>
// CHECK: memref.get_global @gather_offsets : memref<72xi32>
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[A]][{{.*}}], 4
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[B]][{{.*}}], 1
// CHECK: scf.for
// CHECK: vector.fma {{.*}} : vector<4xf32>
// CHECK-NOT: nvgpu.mma.sync
// CHECK: scf.yield

// PTX: fma.rn.f32
// PTX-NOT: mma.sync
// PTX-NOT: cvt.rn.tf32

// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH
