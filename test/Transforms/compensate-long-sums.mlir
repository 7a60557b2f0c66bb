// RUN: ks-opt %s --ks-compensate-long-sums=min-terms=256 | FileCheck %s
// RUN: ks-opt %s --ks-compensate-long-sums=min-terms=512 | FileCheck %s --check-prefix=FEWER
// In a kernel's loop, a float the loop only adds to becomes a compensated
// (Kahan) sum once the loop adds min-terms terms or more into it (here 256;
// the pipeline's default 1024): the loop also carries the rounding error,
// taken off each next term.
//
// Through a skill, at the default: a warp per row of 32768 (1024 additions
// a lane) and a column split into stretches of 1024 rows are compensated in
// the seed lowering; the emulated kernels still match the CPU reference.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}]}' > %t.rows.json
// RUN: ks-opt %S/Inputs/row_sums_16x32768.mlir --ks-seed-lowering="plan=%t.rows.json" | FileCheck %s --check-prefix=ROWS
// RUN: ks-run %S/Inputs/row_sums_16x32768.mlir --emulate-gpu --plan=%t.rows.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 1024, "U": 8}}]}' > %t.cols.json
// RUN: ks-opt %S/../Skills/Inputs/column_sums_long.mlir --ks-seed-lowering="plan=%t.cols.json" | FileCheck %s --check-prefix=COLUMNS
// RUN: ks-run %S/../Skills/Inputs/column_sums_long.mlir --emulate-gpu --plan=%t.cols.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// Stretches of 512 rows are too short: left as they were.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_split_atomic", "params": {"BX": 128, "RS": 512, "U": 8}}]}' > %t.short.json
// RUN: ks-opt %S/../Skills/Inputs/column_sums_long.mlir --ks-seed-lowering="plan=%t.short.json" | FileCheck %s --check-prefix=SHORT
// And the PTX of a compensated kernel passes ptxas.
// REQUIRES: ptxas
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/row_sums_16x32768.mlir --ks-compile="plan=%t.rows.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx

// ROWS-LABEL: gpu.module @main_kernel_0
// ROWS: scf.for %{{.*}} = %c0 to %c256 step %c4 iter_args(%[[S:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}) -> (f32, f32)
// ROWS: %[[Y:.*]] = arith.subf %{{.*}}, %[[C]] : f32
// ROWS-NEXT: %[[U:.*]] = arith.addf %[[S]], %[[Y]] : f32
// ROWS-NEXT: %[[D:.*]] = arith.subf %[[U]], %[[S]] : f32
// ROWS-NEXT: arith.subf %[[D]], %[[Y]] : f32
// ROWS: gpu.shuffle xor

// COLUMNS-LABEL: gpu.module @main_kernel_0
// COLUMNS: scf.for %{{.*}} = %c0 to %c1024 step %c8 iter_args(%{{.*}} = %{{.*}}, %[[C:.*]] = %{{.*}}) -> (vector<1xf32>, f32)
// COLUMNS-NOT: vector.reduction
// COLUMNS: arith.subf %{{.*}}, %[[C]] : f32
// COLUMNS: memref.atomic_rmw addf

// SHORT-LABEL: gpu.module @main_kernel_0
// SHORT: iter_args(%{{.*}} = %{{.*}}) -> (vector<1xf32>)
// SHORT: vector.reduction <add>
// SHORT-NOT: arith.subf

// EMULATED: match, max abs err {{.*}}, 0 mismatches

// LLVM and ptxas keep the four steps (no fast-math: nothing reassociates).
// PTX: sub.rn.f32 [[Y:%r[0-9]+]], %r{{[0-9]+}}, [[C:%r[0-9]+]];
// PTX-NEXT: add.rn.f32 [[U:%r[0-9]+]], [[S:%r[0-9]+]], [[Y]];
// PTX-NEXT: sub.rn.f32 [[D:%r[0-9]+]], [[U]], [[S]];
// PTX-NEXT: sub.rn.f32 %r{{[0-9]+}}, [[D]], [[Y]];
// PTX: shfl.sync.bfly.b32

func.func @sums(%in: memref<256xf32>, %v: memref<1024xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %zv = arith.constant dense<0.0> : vector<1xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // Two terms a trip, 128 trips: 256 terms.
    %s = scf.for %i = %c0 to %c256 step %c2 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %j = arith.addi %i, %c1 : index
      %b = memref.load %in[%j] : memref<256xf32>
      %p = arith.addf %acc, %a : f32
      %q = arith.addf %b, %p : f32
      scf.yield %q : f32
    }
    memref.store %s, %out[%c0] : memref<4xf32>
    // A one-element vector and an in-order reduction of 4 a trip.
    %w = scf.for %i = %c0 to %c1024 step %c4 iter_args(%acc = %zv) -> (vector<1xf32>) {
      %x = vector.transfer_read %v[%i], %zero {in_bounds = [true]} : memref<1024xf32>, vector<4xf32>
      %e = vector.extract %acc[0] : f32 from vector<1xf32>
      %r = vector.reduction <add>, %x, %e : vector<4xf32> into f32
      %b = vector.broadcast %r : f32 to vector<1xf32>
      scf.yield %b : vector<1xf32>
    }
    %we = vector.extract %w[0] : f32 from vector<1xf32>
    memref.store %we, %out[%c1] : memref<4xf32>
    // 128 terms: too few.
    %t = scf.for %i = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %p = arith.addf %acc, %a : f32
      scf.yield %p : f32
    }
    memref.store %t, %out[%c2] : memref<4xf32>
    // The running sum is also read: not a plain sum.
    %u = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %p = arith.addf %acc, %a : f32
      memref.store %acc, %out[%c4] : memref<4xf32>
      scf.yield %p : f32
    }
    // A maximum is not a sum.
    %m = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %p = arith.maximumf %acc, %a : f32
      scf.yield %p : f32
    }
    memref.store %m, %out[%c4] : memref<4xf32>
    // Fast-math additions may be reordered anyway: left alone.
    %f = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %p = arith.addf %acc, %a fastmath<reassoc> : f32
      scf.yield %p : f32
    }
    memref.store %f, %out[%c4] : memref<4xf32>
    // Five carried sums: a contraction's register tile, left alone.
    %g:5 = scf.for %i = %c0 to %c256 step %c1
        iter_args(%a0 = %zero, %a1 = %zero, %a2 = %zero, %a3 = %zero, %a4 = %zero)
        -> (f32, f32, f32, f32, f32) {
      %a = memref.load %in[%i] : memref<256xf32>
      %p0 = arith.addf %a0, %a : f32
      %p1 = arith.addf %a1, %a : f32
      %p2 = arith.addf %a2, %a : f32
      %p3 = arith.addf %a3, %a : f32
      %p4 = arith.addf %a4, %a : f32
      scf.yield %p0, %p1, %p2, %p3, %p4 : f32, f32, f32, f32, f32
    }
    memref.store %g#4, %out[%c4] : memref<4xf32>
    // f32 terms added in f64 (a long column's walk): left alone.
    %zd = arith.constant 0.0 : f64
    %d = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zd) -> (f64) {
      %a = memref.load %in[%i] : memref<256xf32>
      %wide = arith.extf %a : f32 to f64
      %p = arith.addf %acc, %wide : f64
      scf.yield %p : f64
    }
    %dt = arith.truncf %d : f64 to f32
    memref.store %dt, %out[%c4] : memref<4xf32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @sums
// CHECK: gpu.launch
// Two terms a trip, 128 trips: each addition becomes four operations.
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c256 step %c2 iter_args(%[[S:.*]] = %{{.*}}, %[[C:.*]] = %[[ZERO]]) -> (f32, f32)
// CHECK: %[[A:.*]] = memref.load
// CHECK: %[[B:.*]] = memref.load
// CHECK: %[[Y1:.*]] = arith.subf %[[A]], %[[C]] : f32
// CHECK-NEXT: %[[U1:.*]] = arith.addf %[[S]], %[[Y1]] : f32
// CHECK-NEXT: %[[D1:.*]] = arith.subf %[[U1]], %[[S]] : f32
// CHECK-NEXT: %[[C1:.*]] = arith.subf %[[D1]], %[[Y1]] : f32
// CHECK-NEXT: %[[Y2:.*]] = arith.subf %[[B]], %[[C1]] : f32
// CHECK-NEXT: %[[U2:.*]] = arith.addf %[[U1]], %[[Y2]] : f32
// CHECK-NEXT: %[[D2:.*]] = arith.subf %[[U2]], %[[U1]] : f32
// CHECK-NEXT: %[[C2:.*]] = arith.subf %[[D2]], %[[Y2]] : f32
// CHECK-NEXT: scf.yield %[[U2]], %[[C2]] : f32, f32
// The in-order reduction of a one-element vector's sum: its four elements
// one by one, the vector rebuilt for the yield.
// CHECK: scf.for {{.*}} -> (vector<1xf32>, f32)
// CHECK-NOT: vector.reduction
// CHECK-COUNT-4: arith.addf
// CHECK: vector.broadcast
// CHECK-NEXT: scf.yield
// 128 terms, a sum also read on the way, a maximum, fast-math, a register
// tile: unchanged.
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// CHECK: iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK-NOT: arith.subf
// CHECK: arith.maximumf
// CHECK-NOT: arith.subf
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc>
// CHECK-NOT: arith.subf
// CHECK: -> (f32, f32, f32, f32, f32)
// CHECK-NOT: arith.subf
// CHECK: iter_args(%{{.*}} = %{{.*}}) -> (f64)
// CHECK-NOT: arith.subf

// With 512 terms the least, only the second loop (1024 terms) changes.
// FEWER-LABEL: func.func @sums
// FEWER: iter_args(%{{.*}} = %{{.*}}) -> (f32)
// FEWER: -> (vector<1xf32>, f32)
// FEWER-COUNT-4: iter_args(%{{.*}} = %{{.*}}) -> (f32)
// FEWER-NOT: arith.subf
