// REQUIRES: ptxas
// A plan's "l1_no_allocate": level1/37's Frobenius normalization at its
// reduced size (Inputs/frobenius_2x4x16x16.mlir). The division's kernel
// (dispatch 2, 8 blocks of 256 threads) reads the input with
// ld.global.L1::no_allocate, and the norm, which every thread reads, with
// a plain load. The seed's sum of squares (dispatch 1, one thread), not
// listed, keeps plain loads. The CPU emulation (which runs the kernels
// before the NVVM conversion) gives the same numerics, fresh random inputs
// against the CPU reference.
// RUN: echo '{"l1_no_allocate": [2], "dispatches": []}' > %t.plan.json
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" > /dev/null
// RUN: FileCheck %s --check-prefix=MARKED < %t.ptx/main_kernel_1.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PLAIN < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %S/Inputs/frobenius_2x4x16x16.mlir --emulate-gpu --plan=%t.plan.json --seed=29 | FileCheck %s --check-prefix=EMULATED
// A field of the wrong type, or a dispatch no kernel computes, is an error.
// RUN: echo '{"l1_no_allocate": [1, "2"], "dispatches": []}' > %t.bad.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.bad.json" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo '{"l1_no_allocate": [9], "dispatches": []}' > %t.missing.json
// RUN: not ks-opt %S/Inputs/frobenius_2x4x16x16.mlir --ks-seed-lowering="plan=%t.missing.json" 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: gpu.module @main_kernel_0 attributes {ks.dispatch = 1 : i64}
// CHECK-NOT: ks.l1_no_allocate
// CHECK-LABEL: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// CHECK-NEXT: gpu.func @main_kernel_1({{.*}}) kernel attributes {{{.*}}ks.l1_no_allocate}
// CHECK: gpu.return

// MARKED: ld.global.L1::no_allocate.f32
// MARKED-NOT: L1::no_allocate
// MARKED: ld.global.b32
// MARKED-NOT: L1::no_allocate
// MARKED: ret;

// PLAIN-NOT: L1::no_allocate
// PLAIN: ld.global
// PLAIN-NOT: L1::no_allocate

// EMULATED: output #0 2x4x16x16xf32: match

// BAD: the plan {{.*}}: "l1_no_allocate" must be a list of dispatch ids
// MISSING: l1_no_allocate: no kernel computes dispatch 9
