// RUN: not ks-opt %s --ks-distribute-warp-reductions -split-input-file 2>&1 | FileCheck %s
// ks.column_split = S needs the launch's block to be its columns along x
// and S along y, a reduction loop innermost, and a combiner it can split.

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @wrong_block(%x: memref<32x64xf32>, %y: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c32, %s1 = %c4, %s2 = %c1) {
    // CHECK: error: ks.column_split = 8 needs a block of (parallel points) x 8 threads, with constant sizes
    linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<32x64xf32>) outs(%y : memref<32xf32>) attrs = {ks.column_split = 8 : i64} {
    ^bb0(%a: f32, %acc: f32):
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
    gpu.terminator
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @no_neutral_element(%x: memref<32x64xf32>, %y: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c32, %s1 = %c4, %s2 = %c1) {
    // CHECK: error: ks.column_split needs a combiner with a neutral element, got 'arith.subf'
    linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<32x64xf32>) outs(%y : memref<32xf32>) attrs = {ks.column_split = 4 : i64} {
    ^bb0(%a: f32, %acc: f32):
      %r = arith.subf %acc, %a : f32
      linalg.yield %r : f32
    }
    gpu.terminator
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @no_fold(%x: memref<32x64xf32>, %y: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c32, %s1 = %c4, %s2 = %c1) {
    // CHECK: error: ks.column_split needs a body that folds each output on its own with one binary op, an argmax/argmin or an online softmax
    linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<32x64xf32>) outs(%y : memref<32xf32>) attrs = {ks.column_split = 4 : i64} {
    ^bb0(%a: f32, %acc: f32):
      linalg.yield %a : f32
    }
    gpu.terminator
  }
  return
}

// -----

#t = affine_map<(d0, d1) -> (d1, d0)>
#o = affine_map<(d0, d1) -> (d1)>
func.func @reduction_not_innermost(%x: memref<32x64xf32>, %y: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c64, %s1 = %c4, %s2 = %c1) {
    // CHECK: error: ks.column_split needs an op on buffers with one static reduction loop, the innermost
    linalg.generic {indexing_maps = [#t, #o], iterator_types = ["reduction", "parallel"]}
        ins(%x : memref<32x64xf32>) outs(%y : memref<32xf32>) attrs = {ks.column_split = 4 : i64} {
    ^bb0(%a: f32, %acc: f32):
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
    gpu.terminator
  }
  return
}

// -----

// An op without reductions split alike walks one loop of rows besides its
// innermost (the columns).
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @elementwise_two_row_loops(%x: memref<2x4x64xf32>, %y: memref<2x4x64xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c64, %s1 = %c4, %s2 = %c1) {
    // CHECK: error: ks.column_split on an op without reductions needs one loop of more than one point besides its innermost
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x : memref<2x4x64xf32>) outs(%y : memref<2x4x64xf32>) attrs = {ks.column_split = 4 : i64} {
    ^bb0(%a: f32, %o: f32):
      %r = arith.negf %a : f32
      linalg.yield %r : f32
    }
    gpu.terminator
  }
  return
}

// -----

// Kept in registers, a thread's share of a column is at most 64 elements.
#in2 = affine_map<(d0, d1) -> (d0, d1)>
#out2 = affine_map<(d0, d1) -> (d0)>
func.func @too_many_kept(%x: memref<32x1024xf32>, %y: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c32, %s1 = %c8, %s2 = %c1) {
    // CHECK: error: ks.row_registers: a thread would keep 128 elements of a column, more than 64
    linalg.generic {indexing_maps = [#in2, #out2], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<32x1024xf32>) outs(%y : memref<32xf32>) attrs = {ks.column_split = 8 : i64, ks.row_registers} {
    ^bb0(%a: f32, %acc: f32):
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
    gpu.terminator
  }
  return
}
