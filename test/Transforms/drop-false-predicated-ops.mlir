// RUN: ks-opt %s --pass-pipeline='builtin.module(gpu.module(ks-drop-false-predicated-ops))' | FileCheck %s

// An op whose predicate is the constant false goes; one with a predicate
// known only at run time, one with a true predicate and one with none stay.
// CHECK-LABEL: gpu.func @prefetch
// CHECK-NOT:     predicate = %false
// CHECK:         nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}}, predicate = %{{.*}} :
// CHECK-NEXT:    nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}}, predicate = %true :
// CHECK-NEXT:    nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}} :
// CHECK-NEXT:    gpu.return
gpu.module @kernels {
  gpu.func @prefetch(%bar: !llvm.ptr<3>, %tx: i32, %p: i1) kernel {
    %false = arith.constant false
    %true = arith.constant true
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %false : !llvm.ptr<3>, i32, i1
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %p : !llvm.ptr<3>, i32, i1
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %true : !llvm.ptr<3>, i32, i1
    nvvm.mbarrier.arrive.expect_tx %bar, %tx : !llvm.ptr<3>, i32
    gpu.return
  }
}
