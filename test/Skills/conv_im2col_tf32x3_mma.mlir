// The skill conv_im2col_tf32x3_mma on a 3x5 convolution with stride 2 on
// buffers (2x4x21x23 -> 2x8x10x10, K = 4 x 3 x 5 = 60, P = 10 x 10 = 100):
// the windows are copied into a 64-byte aligned [2, 60, 100] buffer (seen
// as [2, 4, 3, 5, 10, 10] and read from X at (oh * 2 + kh, ow * 2 + kw)),
// the filter [8, 60] broadcast over the two images, and the batched GEMM
// on the output seen as [2, 8, 100] becomes the 3xTF32 tensor-core kernel;
// no convolution is left. Numerics, in the CPU emulation of the kernels
// against the CPU reference on fresh random inputs: a 3x3 convolution
// onto a bias, the strided one, a dilated one. A convolution whose window
// is not a multiple of 4 floats long is refused by the skill's requirement.
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=conv_im2col_tf32x3_mma params=BM=32,BN=64,BK=16,WM=16,WN=32,S=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_im2col_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/conv2d_nchw_bias_2x8x10x66.mlir --emulate-gpu --plan=%t.plan.json --seed=31 | FileCheck %s --check-prefix=BIAS
// RUN: ks-run %S/Inputs/conv2d_strided_2x4x21x23.mlir --emulate-gpu --plan=%t.plan.json --seed=32 | FileCheck %s --check-prefix=STRIDED
// RUN: ks-run %S/Inputs/conv2d_dilated_2x4x12x12.mlir --emulate-gpu --plan=%t.plan.json --seed=33 | FileCheck %s --check-prefix=DILATED
// RUN: not ks-opt %S/Inputs/conv2d_rgb_2x3x10x10.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ODD

// CHECK: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2, d5 * 2 + d3)>
// CHECK-LABEL: func.func @main
// CHECK: %[[COLS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x60x100xf32>
// CHECK: %[[WINDOWS:.*]] = memref.expand_shape %[[COLS]] {{\[\[}}0], [1, 2, 3], [4, 5]] output_shape [2, 4, 3, 5, 10, 10]
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : memref<2x4x21x23xf32>) outs(%[[WINDOWS]] : memref<2x4x3x5x10x10xf32>)
// CHECK: %[[ROWS:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : memref<8x4x3x5xf32> into memref<8x60xf32>
// CHECK: %[[PER_IMAGE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x8x60xf32>
// CHECK: linalg.broadcast ins(%[[ROWS]] : memref<8x60xf32>) outs(%[[PER_IMAGE]] : memref<2x8x60xf32>) dimensions = [0]
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %arg2 {{\[\[}}0], [1], [2, 3]] : memref<2x8x10x10xf32> into memref<2x8x100xf32>
// The GEMM: 8 filters in one 32-row tile, 100 pixels in two 64-column
// tiles, the two images on the grid's z.
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c2{{.*}}) threads({{.*}}) in (%{{.*}} = %c128
// CHECK: nvgpu.mma.sync
// CHECK-NOT: linalg.conv_2d_nchw_fchw

// BIAS: output #0 2x16x8x64xf32: match
// STRIDED: output #0 2x8x10x10xf32: match
// DILATED: output #0 2x8x8x8xf32: match

// ODD: error: skill conv_im2col_tf32x3_mma on dispatch 1: its requirement '(loop_range_4 * loop_range_5 * loop_range_6) % 4 == 0' does not hold here (loops 2 x 8 x 8 x 8 x 3 x 3 x 3)
func.func @main(%x: memref<2x4x21x23xf32>, %w: memref<8x4x3x5xf32>, %y: memref<2x8x10x10xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, ks.dispatch = 1 : i64}
      ins(%x, %w : memref<2x4x21x23xf32>, memref<8x4x3x5xf32>) outs(%y : memref<2x8x10x10xf32>)
  return
}
