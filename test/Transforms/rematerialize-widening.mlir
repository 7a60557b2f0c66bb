// RUN: ks-opt %s --pass-pipeline='builtin.module(gpu.module(ks-rematerialize-widening))' | FileCheck %s

// x widened before a barrier and again after it: the second widening is
// inline PTX, which LLVM does not merge with the first. A widening in the
// same phase, of f16, or in a branch stays.
// CHECK-LABEL: gpu.func @phases
// CHECK: %[[W0:.*]] = arith.extf %[[X:.*]] : f32 to f64
// CHECK: %[[W1:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK: gpu.barrier
// CHECK: %[[W2:.*]] = llvm.inline_asm "cvt.f64.f32 $0, $1;", "=d,f" %[[X]] : (f32) -> f64
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: scf.if
// CHECK-NEXT: arith.extf %[[X]] : f32 to f64
// CHECK: nvvm.cluster.wait
// CHECK: llvm.inline_asm "cvt.f64.f32 $0, $1;", "=d,f" %[[X]] : (f32) -> f64
gpu.module @k {
  gpu.func @phases(%in: memref<64xf32>, %h: memref<64xf16>, %out: memref<64xf64>, %p: i1) kernel {
    %tx = gpu.thread_id x
    %x = memref.load %in[%tx] : memref<64xf32>
    %w0 = arith.extf %x : f32 to f64
    %w1 = arith.extf %x : f32 to f64
    %s0 = arith.addf %w0, %w1 : f64
    memref.store %s0, %out[%tx] : memref<64xf64>
    gpu.barrier
    %w2 = arith.extf %x : f32 to f64
    %y = memref.load %h[%tx] : memref<64xf16>
    %y32 = arith.extf %y : f16 to f32
    %y64 = arith.extf %y32 : f32 to f64
    %s1 = arith.addf %w2, %y64 : f64
    memref.store %s1, %out[%tx] : memref<64xf64>
    scf.if %p {
      %w3 = arith.extf %x : f32 to f64
      memref.store %w3, %out[%tx] : memref<64xf64>
    }
    nvvm.cluster.wait
    %w4 = arith.extf %x : f32 to f64
    memref.store %w4, %out[%tx] : memref<64xf64>
    gpu.return
  }
}
