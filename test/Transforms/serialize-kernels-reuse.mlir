// RUN: ks-opt %s --mlir-disable-threading \
// RUN:   --pass-pipeline='builtin.module(builtin.module(ks-serialize-kernels))' | FileCheck %s

// Two programs holding the same kernel, compiled in one process: the
// second takes the first's binary; a kernel differing in one constant is
// compiled anew (ks-tune's report counts the reuses: ks-tune-reuse.mlir).
// CHECK-LABEL: module @first
// CHECK: gpu.binary @scale [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, {{.*}}assembly = "[[PTX:[^"]*add.rn.f32[^"]*]]">]
// CHECK-LABEL: module @second
// CHECK: gpu.binary @scale [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, {{.*}}assembly = "[[PTX]]">]
// CHECK-LABEL: module @third
// CHECK: gpu.binary @scale
// CHECK-SAME: mul.rn.f32 {{[^;]*}}, 0f40400000;

module {
  module @first attributes {gpu.container_module} {
    gpu.module @scale [#nvvm.target<O = 3, chip = "sm_90">] {
      llvm.func @scale(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
        %c2 = llvm.mlir.constant(2.0 : f32) : f32
        %tid = nvvm.read.ptx.sreg.tid.x : i32
        %pa = llvm.getelementptr %in[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        %v = llvm.load %pa : !llvm.ptr<1> -> f32
        %d = llvm.fmul %v, %c2 : f32
        %po = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        llvm.store %d, %po : f32, !llvm.ptr<1>
        llvm.return
      }
    }
  }
  module @second attributes {gpu.container_module} {
    gpu.module @scale [#nvvm.target<O = 3, chip = "sm_90">] {
      llvm.func @scale(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
        %c2 = llvm.mlir.constant(2.0 : f32) : f32
        %tid = nvvm.read.ptx.sreg.tid.x : i32
        %pa = llvm.getelementptr %in[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        %v = llvm.load %pa : !llvm.ptr<1> -> f32
        %d = llvm.fmul %v, %c2 : f32
        %po = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        llvm.store %d, %po : f32, !llvm.ptr<1>
        llvm.return
      }
    }
  }
  module @third attributes {gpu.container_module} {
    gpu.module @scale [#nvvm.target<O = 3, chip = "sm_90">] {
      llvm.func @scale(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
        %c3 = llvm.mlir.constant(3.0 : f32) : f32
        %tid = nvvm.read.ptx.sreg.tid.x : i32
        %pa = llvm.getelementptr %in[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        %v = llvm.load %pa : !llvm.ptr<1> -> f32
        %d = llvm.fmul %v, %c3 : f32
        %po = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
        llvm.store %d, %po : f32, !llvm.ptr<1>
        llvm.return
      }
    }
  }
}
