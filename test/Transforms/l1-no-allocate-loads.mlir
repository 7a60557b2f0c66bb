// RUN: ks-opt %s --pass-pipeline='builtin.module(gpu.module(ks-l1-no-allocate-loads))' | FileCheck %s

// In a kernel marked ks.l1_no_allocate, loads that stream from a kernel
// argument's buffer (an address from the block and the thread ids, offset
// by getelementptr, through an address-space cast or not) read with
// ld.global.L1::no_allocate: f32, i64, a 16-byte-aligned vector<4xf32> and
// a vector<1xf32>, each from its pointer cast to the global address space.
// The mark is removed.
// CHECK-LABEL: llvm.func @streams
// CHECK-NOT: ks.l1_no_allocate
// CHECK: %[[G:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.f32 $0, [$1];", "=f,l,~{memory}" %[[G]] : (!llvm.ptr<1>) -> f32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.b64 $0, [$1];", "=l,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> i64
// CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.extractvalue %[[V]][3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertelement
// CHECK: %[[S:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L1::no_allocate.f32 $0, [$1];", "=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> f32
// CHECK: llvm.insertelement %[[S]], %{{.*}} : vector<1xf32>
// A loop whose trips move the address by T elements streams too.
// CHECK: ^bb1(%[[J:.*]]: i64):
// CHECK: llvm.inline_asm has_side_effects {{.*}}"ld.global.L1::no_allocate.f32
// CHECK-NOT: llvm.load {{.*}} -> f32
// CHECK: llvm.return
gpu.module @kernels {
  llvm.func @streams(%x: !llvm.ptr, %y: !llvm.ptr, %z: !llvm.ptr, %w: !llvm.ptr, %u: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel, ks.l1_no_allocate} {
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %b = llvm.sext %bid : i32 to i64
    %t = llvm.sext %tid : i32 to i64
    %c256 = llvm.mlir.constant(256 : i64) : i64
    %row = llvm.mul %b, %c256 : i64
    %i = llvm.add %row, %t : i64
    %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    %g = llvm.addrspacecast %y : !llvm.ptr to !llvm.ptr<1>
    %q = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    %l = llvm.load %q : !llvm.ptr<1> -> i64
    %r = llvm.getelementptr %z[%i] : (!llvm.ptr, i64) -> !llvm.ptr, vector<4xf32>
    %c = llvm.load %r {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
    %s = llvm.getelementptr %w[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %d = llvm.load %s {alignment = 4 : i64} : !llvm.ptr -> vector<1xf32>
    %zero = llvm.mlir.constant(0 : i64) : i64
    %c1024 = llvm.mlir.constant(1024 : i64) : i64
    llvm.br ^bb1(%zero : i64)
  ^bb1(%j: i64):
    %more = llvm.icmp "slt" %j, %c1024 : i64
    llvm.cond_br %more, ^bb2, ^bb3
  ^bb2:
    %k = llvm.add %i, %j : i64
    %e = llvm.getelementptr %u[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %f = llvm.load %e : !llvm.ptr -> f32
    %next = llvm.add %j, %c256 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }

  // Loads that stay loads: a vector<4xf32> aligned to 4 bytes (LLVM splits
  // it), an i1, shared memory, a volatile load, one through a pointer read
  // from memory; a weight every block reads (the thread id only), a value
  // every thread of a block reads (the block id only); a thread's two
  // neighbouring elements (one line: 4 bytes apart); a loop over a window
  // (4 bytes a trip).
  // CHECK-LABEL: llvm.func @keeps
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.return
  llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<32 x f32>
  llvm.func @keeps(%x: !llvm.ptr, %flags: !llvm.ptr, %pp: !llvm.ptr, %wt: !llvm.ptr, %st: !llvm.ptr, %v: !llvm.ptr, %win: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel, ks.l1_no_allocate} {
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %b = llvm.sext %bid : i32 to i64
    %t = llvm.sext %tid : i32 to i64
    %c256 = llvm.mlir.constant(256 : i64) : i64
    %row = llvm.mul %b, %c256 : i64
    %i = llvm.add %row, %t : i64
    %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %e = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
    %f = llvm.getelementptr %flags[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i1
    %h = llvm.load %f : !llvm.ptr -> i1
    %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
    %s = llvm.load %tile : !llvm.ptr<3> -> f32
    %pv = llvm.getelementptr %pp[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %vol = llvm.load volatile %pv : !llvm.ptr -> f32
    %r = llvm.load %pp : !llvm.ptr -> !llvm.ptr
    %ri = llvm.getelementptr %r[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %w = llvm.load %ri : !llvm.ptr -> f32
    %wp = llvm.getelementptr %wt[%t] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %weight = llvm.load %wp : !llvm.ptr -> f32
    %sp = llvm.getelementptr %st[%b] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %stat = llvm.load %sp : !llvm.ptr -> f32
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %four = llvm.mlir.constant(4 : i64) : i64
    %i4 = llvm.mul %i, %four : i64
    %v0p = llvm.getelementptr %v[%i4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v0 = llvm.load %v0p : !llvm.ptr -> f32
    %i41 = llvm.add %i4, %c1 : i64
    %v1p = llvm.getelementptr %v[%i41] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v1 = llvm.load %v1p : !llvm.ptr -> f32
    %zero = llvm.mlir.constant(0 : i64) : i64
    %c1023 = llvm.mlir.constant(1023 : i64) : i64
    llvm.br ^bb1(%zero : i64)
  ^bb1(%k: i64):
    %more = llvm.icmp "slt" %k, %four : i64
    llvm.cond_br %more, ^bb2, ^bb3
  ^bb2:
    %at = llvm.add %i, %k : i64
    %clamped = llvm.intr.smin(%at, %c1023) : (i64, i64) -> i64
    %wq = llvm.getelementptr %win[%clamped] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x0 = llvm.load %wq : !llvm.ptr -> f32
    %next = llvm.add %k, %c1 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }

  // Without the mark nothing changes.
  // CHECK-LABEL: llvm.func @unmarked
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.load
  llvm.func @unmarked(%x: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %b = llvm.sext %bid : i32 to i64
    %t = llvm.sext %tid : i32 to i64
    %i = llvm.add %b, %t : i64
    %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %p : !llvm.ptr -> f32
    llvm.return
  }
}
