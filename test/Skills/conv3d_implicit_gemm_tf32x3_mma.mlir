// The skill conv3d_implicit_gemm_tf32x3_mma (the 2-d skill's script on a
// 3-d convolution) on nn.Conv3d(4, 8, 3, padding=1) as Torch-MLIR lowers it
// (Inputs/conv3d_padded_bias_2x4x6x8x12.mlir, the convolution dispatch 3):
// the filter read as [8, 108], the output as [2, 8, 576], the input
// gathered at (n, k / 27, p / 96 + k % 27 / 9, p / 12 % 8 + k % 9 / 3,
// p % 12 + k % 3) through a table of the K part of that address by the
// 3xTF32 tensor-core kernel; no convolution is left.
// Numerics, in the CPU emulation of the kernels against the CPU reference
// on fresh random inputs: with the padded copy kept and with it folded into
// the gather (FOLD = 1: three padded dims, the fill and copy dispatches 0
// and 1 are gone). 3 channels x 27 taps (K = 81: not whole 16-byte copies
// of the filter) are refused by the skill's requirement, naming it and the
// loops.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --emulate-gpu --plan=%t.plan.json --seed=71 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-opt %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=FOLDED
// RUN: ks-run %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=72 | FileCheck %s --check-prefix=EMULATED
// The planner proposes it for a 3-d convolution (the convolution-3d case).
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --precision=tf32x3 --measure=model --rounds=1 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNE < %t.tune/trajectory.jsonl
// RUN: sed -e 's/8x4x3x3x3xf32/8x3x3x3x3xf32/g' -e 's/2x4x6x8x12xf32/2x3x6x8x12xf32/g' -e 's/2x4x8x10x14xf32/2x3x8x10x14xf32/g' %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir > %t.odd.mlir
// RUN: not ks-opt %t.odd.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ODD
// A tile of 64 rows for 8 filters (BM past the filters rounded up to 32) is
// refused too.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv3d_implicit_gemm_tf32x3_mma", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "S": 2}}]}' > %t.tall.plan.json
// RUN: not ks-opt %S/Inputs/conv3d_padded_bias_2x4x6x8x12.mlir --ks-seed-lowering="plan=%t.tall.plan.json" 2>&1 | FileCheck %s --check-prefix=TALL

// The bias broadcast (dispatch 2) is folded: the sums start from the bias.
// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2>}
// CHECK-LABEL: func.func @main
// CHECK: %[[ROWS:.*]] = memref.collapse_shape %arg0 {{\[\[}}0], [1, 2, 3, 4]] : memref<8x4x3x3x3xf32> into memref<8x108xf32>
// CHECK: gpu.launch_func @main_kernel_{{[0-9]+}}::@main_kernel_{{[0-9]+}} blocks in (%c9, %c1, %c2) threads in (%c128, %c1, %c1)
// CHECK-SAME: memref<2x8x576xf32>
// CHECK: memref.get_global @gather_offsets : memref<108xi32>
// CHECK: nvgpu.device_async_copy {{.*}} : memref<8x108xf32> to memref<2x32x20xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: linalg.conv_3d_ncdhw_fcdhw

// FOLDED: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 2>}
// FOLDED: memref.get_global @gather_offsets : memref<108x4xi32>

// EMULATED: output #0 2x8x6x8x12xf32: match

// TUNE: "skill":"conv3d_implicit_gemm_tf32x3_mma"

// ODD: error: skill conv3d_implicit_gemm_tf32x3_mma on dispatch 3: its requirement '(loop_range_5 * loop_range_6 * loop_range_7 * loop_range_8) % 4 == 0' does not hold here (loops 2 x 8 x 6 x 8 x 12 x 3 x 3 x 3 x 3)

// TALL: error: skill conv3d_implicit_gemm_tf32x3_mma on dispatch 3: its requirement 'BM <= loop_range_1 + 31' does not hold here (loops 2 x 8 x 6 x 8 x 12 x 4 x 3 x 3 x 3)
