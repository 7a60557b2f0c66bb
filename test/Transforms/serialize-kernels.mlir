// RUN: ks-opt %s --ks-serialize-kernels | FileCheck %s

// A kernel indexed by urems LLVM narrows to i16: a = t, b = t + 8192
// (t < 1024). The load-store vectorizer's distance between in[b] + 32768
// bytes and in[a] is 4 * 8192 + 32768, 0 in i16: with it, one load is
// dropped and in[a] - in[a] = 0 is stored. Without it, both loads stay.
// CHECK-LABEL: gpu.binary @narrow
// CHECK-SAME: ld.global.nc.b32 {{[^;]*}}[%rd{{[0-9]+}}];
// CHECK-SAME: ld.global.nc.b32 {{[^;]*}}[%rd{{[0-9]+}}+32768];
// CHECK-SAME: sub.rn.f32

// Neighbouring loads indexed in 64 bits: the vectorizer joins them.
// CHECK-LABEL: gpu.binary @wide
// CHECK-SAME: ld.global.nc.v2.b32
// CHECK-NOT: ld.global.nc.b32

module attributes {gpu.container_module} {
  gpu.module @narrow [#nvvm.target<O = 3, chip = "sm_90">] {
    llvm.func @narrow(%in: !llvm.ptr<1> {llvm.noalias, llvm.readonly},
                      %out: !llvm.ptr<1> {llvm.noalias}) attributes {nvvm.kernel} {
      %c18432 = llvm.mlir.constant(18432 : i64) : i64
      %c35840 = llvm.mlir.constant(35840 : i64) : i64
      %c9216 = llvm.mlir.constant(9216 : i64) : i64
      %c32768 = llvm.mlir.constant(32768 : i64) : i64
      %tid = nvvm.read.ptx.sreg.tid.x range <i32, 0, 1024> : i32
      %t = llvm.zext nneg %tid : i32 to i64
      %a0 = llvm.or disjoint %t, %c18432 : i64
      %a = llvm.urem %a0, %c9216 : i64
      %pa = llvm.getelementptr inbounds %in[%a] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %va = llvm.load %pa {alignment = 4 : i64} : !llvm.ptr<1> -> f32
      %b0 = llvm.or disjoint %t, %c35840 : i64
      %b = llvm.urem %b0, %c9216 : i64
      %pb0 = llvm.getelementptr inbounds %in[%b] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %pb = llvm.getelementptr inbounds %pb0[%c32768] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
      %vb = llvm.load %pb {alignment = 4 : i64} : !llvm.ptr<1> -> f32
      %d = llvm.fsub %va, %vb : f32
      %po = llvm.getelementptr %out[%t] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %d, %po {alignment = 4 : i64} : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @wide [#nvvm.target<O = 3, chip = "sm_90">] {
    llvm.func @wide(%in: !llvm.ptr<1> {llvm.noalias, llvm.readonly},
                    %out: !llvm.ptr<1> {llvm.noalias}) attributes {nvvm.kernel} {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %tid = nvvm.read.ptx.sreg.tid.x range <i32, 0, 1024> : i32
      %t = llvm.zext nneg %tid : i32 to i64
      %i = llvm.shl %t, %c1 : i64
      %j = llvm.or disjoint %i, %c1 : i64
      %pa = llvm.getelementptr inbounds %in[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %va = llvm.load %pa {alignment = 8 : i64} : !llvm.ptr<1> -> f32
      %pb = llvm.getelementptr inbounds %in[%j] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %vb = llvm.load %pb {alignment = 4 : i64} : !llvm.ptr<1> -> f32
      %d = llvm.fsub %va, %vb : f32
      %po = llvm.getelementptr %out[%t] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %d, %po {alignment = 4 : i64} : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
