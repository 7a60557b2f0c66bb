// The skill conv1d_implicit_gemm_tf32x3_mma (the 2-d skill's script on a
// 1-d convolution) on nn.Conv1d(8, 12, 5, padding=2) as Torch-MLIR lowers
// it (Inputs/conv1d_padded_bias_2x8x64.mlir, the convolution dispatch 3):
// the filter read as [12, 40], the output as it is ([2, 12, 64]), the
// input gathered at (n, k / 5, p + k % 5) through a table of the K part of
// that address by the 3xTF32 tensor-core kernel; no convolution is left.
// Numerics, in the CPU emulation of the kernels against the CPU reference
// on fresh random inputs: with the padded copy kept and with it folded into
// the gather (FOLD = 1: the fill and copy dispatches 0 and 1 are gone), on
// the unpadded 2x8x68 convolution too. A window of 9 channels x 3 taps (K =
// 27: not whole 16-byte copies of the filter) is refused by the skill's
// requirement, naming it and the loops.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv1d_padded_bias_2x8x64.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/conv1d_padded_bias_2x8x64.mlir --emulate-gpu --plan=%t.plan.json --seed=61 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2, "FOLD": 1}}]}' > %t.fold.plan.json
// RUN: ks-opt %S/Inputs/conv1d_padded_bias_2x8x64.mlir --ks-seed-lowering="plan=%t.fold.plan.json" | FileCheck %s --check-prefix=FOLDED
// RUN: ks-run %S/Inputs/conv1d_padded_bias_2x8x64.mlir --emulate-gpu --plan=%t.fold.plan.json --seed=62 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv1d_implicit_gemm_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 3}}]}' > %t.unpadded.plan.json
// RUN: ks-run %S/Inputs/conv1d_ncw_2x8x68.mlir --emulate-gpu --plan=%t.unpadded.plan.json --seed=63 | FileCheck %s --check-prefix=UNPADDED
// The planner proposes it for a 1-d convolution (the convolution-1d case).
// RUN: rm -rf %t.tune && ks-tune %S/Inputs/conv1d_padded_bias_2x8x64.mlir --precision=tf32x3 --measure=model --rounds=1 --out=%t.tune > %t.tune.log 2>&1
// RUN: FileCheck %s --check-prefix=TUNE < %t.tune/trajectory.jsonl
// RUN: sed -e 's/12x8x5xf32/12x9x3xf32/g' -e 's/2x8x64xf32/2x9x64xf32/g' -e 's/2x8x68xf32/2x9x66xf32/g' -e 's/high\[0, 0, 2\]/high[0, 0, 0]/' %S/Inputs/conv1d_padded_bias_2x8x64.mlir > %t.odd.mlir
// RUN: not ks-opt %t.odd.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=ODD

// The bias broadcast (dispatch 2) is folded: the sums start from the bias.
// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2>}
// CHECK-LABEL: func.func @main
// CHECK: %[[ROWS:.*]] = memref.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : memref<12x8x5xf32> into memref<12x40xf32>
// CHECK: gpu.launch_func @main_kernel_{{[0-9]+}}::@main_kernel_{{[0-9]+}} blocks in (%c1, %c1, %c2) threads in (%c128, %c1, %c1)
// CHECK-SAME: memref<2x12x64xf32>
// CHECK: memref.get_global @gather_offsets : memref<40xi32>
// CHECK: nvgpu.device_async_copy {{.*}} : memref<12x40xf32> to memref<2x32x20xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mma.sync
// CHECK-NOT: linalg.conv_1d_ncw_fcw

// FOLDED: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0, 2>}
// FOLDED: memref.get_global @gather_offsets : memref<40x4xi32>

// EMULATED: output #0 2x12x64xf32: match
// UNPADDED: output #0 2x16x64xf32: match

// TUNE: "skill":"conv1d_implicit_gemm_tf32x3_mma"

// ODD: error: skill conv1d_implicit_gemm_tf32x3_mma on dispatch 3: its requirement '(loop_range_3 * loop_range_4) % 4 == 0' does not hold here (loops 2 x 12 x 64 x 9 x 3)
