// RUN: ks-opt %s --pass-pipeline='builtin.module(gpu.module(ks-l1-no-allocate-loads))' | FileCheck %s

// In a kernel marked ks.l1_no_allocate, loads from a kernel argument's
// buffer (offset by getelementptr, through an address-space cast or not)
// read with ld.global.L1::no_allocate: f32, i64, a 16-byte-aligned
// vector<4xf32> and a vector<1xf32>, each from the argument cast to the
// global address space. A vector<4xf32> aligned to 4 bytes (LLVM splits
// it), an i1, a shared-memory load, a volatile one and one through a
// pointer read from memory stay loads. The mark is removed.
// CHECK-LABEL: llvm.func @marked
// CHECK-NOT: ks.l1_no_allocate
// CHECK: %[[G:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.f32 $0, [$1];", "=f,l,~{memory}" %[[G]] : (!llvm.ptr<1>) -> f32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.b64 $0, [$1];", "=l,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> i64
// CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.extractvalue %[[V]][3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertelement
// CHECK: %[[S:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.f32 $0, [$1];", "=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> f32
// CHECK: llvm.insertelement %[[S]], %{{.*}} : vector<1xf32>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load volatile %{{.*}} : !llvm.ptr -> f32
// CHECK: %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.load %[[P]] : !llvm.ptr -> f32
// CHECK-NOT: llvm.load
// CHECK: llvm.return

// Without the mark nothing changes.
// CHECK-LABEL: llvm.func @unmarked
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load
gpu.module @kernels {
  llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<32 x f32>
  llvm.func @marked(%x: !llvm.ptr, %y: !llvm.ptr, %flags: !llvm.ptr, %pp: !llvm.ptr, %i: i64) attributes {gpu.kernel, nvvm.kernel, ks.l1_no_allocate} {
    %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    %g = llvm.addrspacecast %y : !llvm.ptr to !llvm.ptr<1>
    %q = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    %b = llvm.load %q : !llvm.ptr<1> -> i64
    %c = llvm.load %p {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
    %d = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<1xf32>
    %e = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
    %f = llvm.getelementptr %flags[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i1
    %h = llvm.load %f : !llvm.ptr -> i1
    %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
    %s = llvm.load %t : !llvm.ptr<3> -> f32
    %v = llvm.load volatile %p : !llvm.ptr -> f32
    %r = llvm.load %pp : !llvm.ptr -> !llvm.ptr
    %w = llvm.load %r : !llvm.ptr -> f32
    llvm.return
  }
  llvm.func @unmarked(%x: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
    %a = llvm.load %x : !llvm.ptr -> f32
    llvm.return
  }
}
