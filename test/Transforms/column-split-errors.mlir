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
    // CHECK: error: ks.column_split needs a body that folds into one output with one binary op, or an argmax/argmin
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
