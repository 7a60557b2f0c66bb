// REQUIRES: ptxas
// A plan's "invariant_loads": level1/37's Frobenius normalization at its
// reduced size (Inputs/frobenius_2x4x16x16.mlir). The division's kernel
// (dispatch 2) reads the input and the norm, which no launch of it writes:
// both loads are ld.global.nc, its store is not. The sum of squares
// (dispatch 1, not listed) keeps plain loads. The CPU emulation gives the
// same numerics, fresh random inputs against the CPU reference.
// RUN: echo '{"invariant_loads": [2], "dispatches": []}' > %t.plan.json
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" > /dev/null
// RUN: FileCheck %s --check-prefix=MARKED < %t.ptx/main_kernel_1.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PLAIN < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/frobenius_2x4x16x16.mlir --emulate-gpu --plan=%t.plan.json --seed=37 | FileCheck %s --check-prefix=EMULATED
// A field of the wrong type, or a dispatch no kernel computes, is an error.
// RUN: echo '{"invariant_loads": "2", "dispatches": []}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo '{"invariant_loads": [9], "dispatches": []}' > %t.missing.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.missing.json" 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// CHECK-NOT: ks.invariant_args
// CHECK-LABEL: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// CHECK-NEXT: gpu.func @main_kernel_1(%{{.*}}: index, %{{.*}}: memref<2048xf32>, %{{.*}}: memref<f32>, %{{.*}}: memref<2048xf32>) kernel attributes {{{.*}}ks.arg_ranks = array<i64: -1, 1, 0, 1>, ks.invariant_args = array<i64: 1, 2>}

// MARKED: ld.global.nc.b32
// MARKED: ld.global.nc.b32
// MARKED-NOT: ld.global.b32
// MARKED: st.global.b32

// PLAIN-NOT: ld.global.nc
// PLAIN: ld.global.b32

// EMULATED: output #0 2x4x16x16xf32: match

// BAD: "invariant_loads" must be a list of dispatch ids
// MISSING: the plan's "invariant_loads" names dispatch 9, which no kernel computes
