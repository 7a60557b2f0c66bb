// The skill grouped_conv_implicit_gemm_tf32x3_mma (the 2-d skill's script
// on a grouped convolution) on nn.Conv2d(8, 16, 3, padding=1, groups=2) as
// Torch-MLIR lowers it (Inputs/conv2d_grouped_bias_2x8x10x12.mlir, the
// convolution dispatch 3): the filter read as [2, 8, 36] (groups, a group's
// filters, its channels x window), the output as [2, 2, 8, 120], a GEMM per
// image and group (the grid's z: 2 x 2), the input gathered through a table
// of the K part of its address by the 3xTF32 tensor-core kernel, its sums
// starting from the bias (the broadcast, a generic after the reshapes were
// propagated, folded); no convolution is left. With FOLD = 1 the padded
// copy of the expanded input is folded too: one kernel reading the input.
// Numerics, in the CPU emulation of the kernels against the CPU reference
// on fresh random inputs, twice; folded; with BM = 16 too (M = 8 filters a
// group: half the tile's rows past the edge). Groups of 3 channels
// (K = 27: not whole 16-byte copies of the filter) are refused by the
// skill's requirement, naming it and the loops.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 3, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --emulate-gpu --plan=%t.plan.json --seed=81 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --emulate-gpu --plan=%t.plan.json --seed=82 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-opt %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=FOLDED
// RUN: ks-run %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=84 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "grouped_conv_implicit_gemm_tf32x3_mma", "params": {"BM": 16, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 3}}]}' > %t.small.plan.json
// RUN: ks-run %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --emulate-gpu --plan=%t.small.plan.json --seed=83 | FileCheck %s --check-prefix=EMULATED
// The planner proposes it for a grouped convolution (the convolution-grouped case).
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir --precision=tf32x3 --measure=model --rounds=1 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNE < %t.tune/trajectory.jsonl
// RUN: sed -e 's/16x4x3x3xf32/12x3x3x3xf32/g' -e 's/output_shape \[2, 8, 4, 3, 3\]/output_shape [2, 6, 3, 3, 3]/' -e 's/2x8x4x3x3xf32/2x6x3x3x3xf32/g' -e 's/tensor<16xf32>/tensor<12xf32>/g' -e 's/2x16x10x12xf32/2x12x10x12xf32/g' -e 's/output_shape \[2, 2, 8, 10, 12\]/output_shape [2, 2, 6, 10, 12]/' -e 's/2x2x8x10x12xf32/2x2x6x10x12xf32/g' -e 's/2x8x10x12xf32/2x6x10x12xf32/g' -e 's/2x8x12x14xf32/2x6x12x14xf32/g' -e 's/output_shape \[2, 2, 4, 12, 14\]/output_shape [2, 2, 3, 12, 14]/' -e 's/2x2x4x12x14xf32/2x2x3x12x14xf32/g' %S/Inputs/conv2d_grouped_bias_2x8x10x12.mlir > %t.odd.mlir
// RUN: not ks-opt %t.odd.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ODD

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK-LABEL: func.func @main
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3, 4]] : memref<2x8x4x3x3xf32> into memref<2x8x36xf32>
// CHECK: gpu.launch_func @main_kernel_{{[0-9]+}}::@main_kernel_{{[0-9]+}} blocks in (%c2, %c1, %c4) threads in (%c128, %c1, %c1)
// CHECK-SAME: memref<2x2x8x120xf32>
// CHECK: memref.get_global @gather_offsets : memref<36xi32>
// CHECK: nvgpu.device_async_copy {{.*}} : memref<2x8x36xf32> to memref<2x32x20xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: linalg.conv_2d_ngchw_gfchw

// FOLDED: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2, 1, 0>}
// FOLDED: gpu.launch_func
// FOLDED-SAME: memref<2x8x10x12xf32>
// FOLDED-NOT: gpu.launch_func
// FOLDED: memref.get_global @gather_offsets : memref<36x4xi32>

// EMULATED: output #0 2x16x10x12xf32: match

// TUNE: "skill":"grouped_conv_implicit_gemm_tf32x3_mma"

// ODD: error: skill grouped_conv_implicit_gemm_tf32x3_mma on dispatch 3: its requirement '(loop_range_5 * loop_range_6 * loop_range_7) % 4 == 0' does not hold here (loops 2 x 2 x 6 x 10 x 12 x 3 x 3 x 3)
