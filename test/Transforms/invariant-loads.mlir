// RUN: ks-opt %s --pass-pipeline="builtin.module(gpu.module(ks-invariant-loads))" --split-input-file --verify-diagnostics | FileCheck %s

// Descriptors (3 + 2 x rank parameters a memref): argument 0's aligned
// pointer is parameter 1, argument 3's (a rank-0 memref after argument 1's
// five parameters and a scalar) parameter 12. Loads through them, offset
// or cast, become invariant; the load from argument 1 and the store stay
// as they were.
// CHECK-LABEL: llvm.func @apply
// CHECK-NOT: ks.invariant_args
// CHECK-NOT: ks.arg_ranks
// CHECK: llvm.load %{{.*}} invariant : !llvm.ptr -> f32
// CHECK: llvm.load %{{.*}} invariant : !llvm.ptr<1> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NOT: invariant
// CHECK: llvm.return
gpu.module @k {
  llvm.func @apply(%a0: !llvm.ptr, %a1: !llvm.ptr, %a2: i64, %a3: i64, %a4: i64,
                   %b0: !llvm.ptr, %b1: !llvm.ptr, %b2: i64, %b3: i64, %b4: i64,
                   %s: f32,
                   %c0: !llvm.ptr, %c1: !llvm.ptr, %c2: i64)
      attributes {gpu.kernel, nvvm.kernel, ks.arg_ranks = array<i64: 1, 1, -1, 0>,
                  ks.invariant_args = array<i64: 0, 3>} {
    %i = llvm.mlir.constant(4 : i64) : i64
    %p = llvm.getelementptr %a1[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %p : !llvm.ptr -> f32
    %g = llvm.addrspacecast %c1 : !llvm.ptr to !llvm.ptr<1>
    %y = llvm.load %g : !llvm.ptr<1> -> f32
    %z = llvm.load %b1 : !llvm.ptr -> f32
    %sum = llvm.fadd %x, %y : f32
    %all = llvm.fadd %sum, %z : f32
    llvm.store %all, %b1 : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// Bare pointers: one parameter a memref.
// CHECK-LABEL: llvm.func @bare
// CHECK: llvm.load %arg1 invariant : !llvm.ptr -> f32
// CHECK: llvm.load %arg0 : !llvm.ptr -> f32
gpu.module @k {
  llvm.func @bare(%out: !llvm.ptr, %in: !llvm.ptr)
      attributes {gpu.kernel, nvvm.kernel, ks.arg_ranks = array<i64: 1, 1>,
                  ks.invariant_args = array<i64: 1>} {
    %v = llvm.load %in : !llvm.ptr -> f32
    %o = llvm.load %out : !llvm.ptr -> f32
    %s = llvm.fadd %v, %o : f32
    llvm.store %s, %out : f32, !llvm.ptr
    llvm.return
  }
}

// -----

gpu.module @k {
  // expected-error @below {{ks.invariant_args does not match the kernel's parameters}}
  llvm.func @mismatch(%a: !llvm.ptr, %b: !llvm.ptr, %n: i64)
      attributes {gpu.kernel, ks.arg_ranks = array<i64: 1, 1>, ks.invariant_args = array<i64: 0>} {
    llvm.return
  }
}
