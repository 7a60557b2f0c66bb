// The skill conv_implicit_gemm_tf32x3_mma on a 3x5 convolution with stride
// 2 on buffers (2x4x21x23 -> 2x8x10x10, K = 4 x 3 x 5 = 60, P = 10 x 10 =
// 100): no window buffer and no broadcast filter; the filter is read as
// [8, 60] by 16-byte copies (L1 bypassed), the input gathered 4 bytes a
// copy at (n, k / 15, (p / 10) * 2 + (k % 15) / 5, (p % 10) * 2 + k % 5)
// through a table of the K part of that address, the output written as [2, 8, 100] by the 3xTF32 tensor-core kernel; no
// convolution is left. Numerics, in the CPU emulation of the kernels
// against the CPU reference on fresh random inputs: a 3x3 convolution onto
// a bias, the strided one, a dilated one, a padded one whose 49 pixels and
// 12 filters leave partial tiles, with and without its padding folded into
// the gather (FOLD = 1: the kernel reads the image and zero-fills the taps
// outside it), one padded with ones (not folded). A window of 27 floats is refused by the skill's
// requirement (the filter's 16-byte copies).
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=conv_implicit_gemm_tf32x3_mma params=BM=32,BN=64,BK=16,WM=16,WN=32,S=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=41 | FileCheck %s --check-prefix=BIAS
// RUN: ks-run %S/Inputs/conv2d_strided_2x4x21x23.mlir --emulate-gpu --plan=%t.plan.json --seed=42 | FileCheck %s --check-prefix=STRIDED
// RUN: ks-run %S/Inputs/conv2d_dilated_2x4x12x12.mlir --emulate-gpu --plan=%t.plan.json --seed=43 | FileCheck %s --check-prefix=DILATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.padded.plan.json
// RUN: ks-run %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --emulate-gpu --plan=%t.padded.plan.json --seed=44 | FileCheck %s --check-prefix=PADDED
// RUN: ks-opt %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --ks-seed-lowering="plan=%t.padded.plan.json" | FileCheck %s --check-prefix=UNFOLDED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-run %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=47 | FileCheck %s --check-prefix=PADDED
// RUN: ks-opt %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=FOLDED
// RUN: ks-run %S/Inputs/conv2d_padded_ones_2x4x7x7.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=45 | FileCheck %s --check-prefix=ONES
// RUN: ks-opt %S/Inputs/conv2d_padded_ones_2x4x7x7.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=ONES-KEPT
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}, {"id": 0, "skill": "vectorize_128bit", "params": {}}]}' > %t.folded-too.plan.json
// RUN: ks-run %S/Inputs/conv2d_padded_odd_2x4x7x7.mlir --emulate-gpu --plan=%t.folded-too.plan.json --seed=46 | FileCheck %s --check-prefix=PADDED
// RUN: not ks-opt %S/Inputs/conv2d_rgb_2x3x10x10.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ODD

// CHECK-LABEL: func.func @main
// CHECK-NOT: memref.alloc
// CHECK: %[[ROWS:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : memref<8x4x3x5xf32> into memref<8x60xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %arg2 {{\[\[}}0], [1], [2, 3]] : memref<2x8x10x10xf32> into memref<2x8x100xf32>
// The GEMM: 8 filters in one 32-row tile, 100 pixels in two 64-column
// tiles, the two images on the grid's z.
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[IMAGE:.*]]) in (%{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c2{{.*}}) threads({{.*}}) in (%{{.*}} = %c128
// CHECK: %[[TABLE:.*]] = memref.get_global @gather_offsets : memref<60xi32>
// CHECK: %[[FLAT_X:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]] : memref<2x4x21x23xf32> into memref<3864xf32>
// CHECK: nvgpu.device_async_copy %[[ROWS]][{{.*}}], %{{.*}}[{{.*}}], 4, %{{.*}} {bypassL1} : memref<8x60xf32> to memref<2x32x20xf32, #gpu.address_space<workgroup>>
// The gathered element's address splits into the window's offset, a
// constant table over K (k / 15 * 483 + k % 15 / 5 * 23 + k % 5: channel,
// row and column strides of X), plus the pixel's and the image's: a table
// load and a few adds per element, into X seen as 1-D.
// CHECK: %[[K_OFFSET:.*]] = memref.load %[[TABLE]][%{{.*}}] : memref<60xi32>
// CHECK: %[[K_INDEX:.*]] = arith.index_cast %[[K_OFFSET]] : i32 to index
// CHECK: %[[IMAGE_OFFSET:.*]] = arith.muli %[[IMAGE]], %c1932
// CHECK: %[[SUM:.*]] = arith.addi %[[K_INDEX]], %[[IMAGE_OFFSET]]
// CHECK: %[[OH:.*]] = arith.divui %[[P:.*]], %c10
// CHECK: %[[ROW:.*]] = arith.muli %[[OH]], %c46
// CHECK: %[[SUM2:.*]] = arith.addi %[[SUM]], %[[ROW]]
// CHECK: %[[OW:.*]] = arith.remui %[[P]], %c10
// CHECK: %[[COL:.*]] = arith.muli %[[OW]], %c2
// CHECK: %[[AT:.*]] = arith.addi %[[SUM2]], %[[COL]]
// CHECK: nvgpu.device_async_copy %[[FLAT_X]][%[[AT]]], %{{.*}}[{{.*}}], 1, %{{.*}} : memref<3864xf32> to memref<2x16x72xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// CHECK: memref.global "private" constant @gather_offsets : memref<60xi32> = dense<[0, 1, 2, 3, 4, 23, 24, 25, 26, 27, 46, 47, 48, 49, 50, 483, 484,

// BIAS: output #0 2x16x8x64xf32: match
// STRIDED: output #0 2x8x10x10xf32: match
// DILATED: output #0 2x8x8x8xf32: match
// PADDED: output #0 2x12x7x7xf32: match

// FOLD = 0 (the default) gathers from the padded copy: three kernels (the
// padded buffer's fill, the copy, the GEMM; the output's zero fill,
// dispatch 2, is folded into the GEMM, whose sums start from zero).
// UNFOLDED: ks.folded_dispatches = array<i64: 2>
// UNFOLDED-COUNT-3: gpu.launch_func
// UNFOLDED-NOT: gpu.launch_func

// With FOLD = 1 the padded convolution reads the image itself: the zero fill of the
// padded buffer and the copy into it (dispatches 0 and 1) are gone, the
// table's rows hold the window offset in the 7x7 image and the tap's row
// and column (checked against the padding), and the program is one kernel:
// the GEMM on the image, its sums from zero (the output's fill folded). A plan naming a
// folded dispatch (vectorize_128bit on 0, above) finds it computed.
// FOLDED: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 2>}
// FOLDED-COUNT-1: gpu.launch_func
// FOLDED-NOT: gpu.launch_func
// FOLDED: %[[ROW:.*]] = vector.load %{{.*}}[%{{.*}}, %c0{{.*}}] {alignment = 16 : i64} : memref<36x4xi32>, vector<4xi32>
// FOLDED: nvgpu.device_async_copy %{{.*}}[%{{.*}}], %{{.*}}[{{.*}}], 1, %{{.*}} : memref<392xf32> to
// FOLDED: memref.global "private" constant @gather_offsets : memref<36x4xi32>

// Padded with ones, the padded buffer stays: three kernels (its fill, the
// copy, the GEMM on the padded buffer; only the output's zero fill folded).
// ONES: output #0 2x12x7x7xf32: match
// ONES-KEPT: ks.folded_dispatches = array<i64: 2>
// ONES-KEPT-COUNT-3: gpu.launch_func
// ONES-KEPT: memref.global "private" constant @gather_offsets : memref<36xi32>

// ODD: error: skill conv_implicit_gemm_tf32x3_mma on dispatch 1: its requirement '(loop_range_4 * loop_range_5 * loop_range_6) % 4 == 0' does not hold here (loops 2 x 8 x 8 x 8 x 3 x 3 x 3)
func.func @main(%x: memref<2x4x21x23xf32>, %w: memref<8x4x3x5xf32>, %y: memref<2x8x10x10xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, ks.dispatch = 1 : i64}
      ins(%x, %w : memref<2x4x21x23xf32>, memref<8x4x3x5xf32>) outs(%y : memref<2x8x10x10xf32>)
  return
}
