// A scan left to the seed kernel is refused past max-length (default 8192)
// with its dispatch named; a shorter one, one whose length is at the limit
// and any scan with max-length=0 pass untouched.
// RUN: ks-opt %s --ks-refuse-quadratic-scans --split-input-file --verify-diagnostics
// RUN: ks-opt %s --ks-refuse-quadratic-scans=max-length=0 --split-input-file | FileCheck %s --check-prefix=UNLIMITED

// UNLIMITED-LABEL: func.func @long_cumsum
// UNLIMITED: linalg.generic
// UNLIMITED-SAME: ks.dispatch = 3
func.func @long_cumsum(%x: memref<4x32768xf32>, %y: memref<4x32768xf32>) {
  %identity = arith.constant 0.0 : f32
  // expected-error @below {{dispatch 3: a scan of length 32768 (a reduction over a triangular mask) has no scan kernel in this plan; its seed kernel would fold every prefix, 5.4e+08 operations a row. Refused above max-quadratic-scan=8192: give the dispatch a scan skill (ks-tune finds one) or lift the limit with max-quadratic-scan=0}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x32768xf32>) outs(%y : memref<4x32768xf32>) attrs = {ks.dispatch = 3 : i64} {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

// -----

// A cumprod written with the index cast to i64, the comparison reversed.
// UNLIMITED-LABEL: func.func @long_cumprod_cast
func.func @long_cumprod_cast(%x: memref<2x40000xf64>, %y: memref<2x40000xf64>) {
  %identity = arith.constant 1.0 : f64
  // expected-error @below {{a scan of length 40000 (a reduction over a triangular mask) has no scan kernel in this plan}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<2x40000xf64>) outs(%y : memref<2x40000xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %ki = arith.index_cast %k : index to i64
    %ji = arith.index_cast %j : index to i64
    %upto = arith.cmpi sle, %ji, %ki : i64
    %s = arith.select %upto, %v, %identity : f64
    %a = arith.mulf %s, %acc : f64
    linalg.yield %a : f64
  }
  return
}

// -----

// At the limit: the seed kernel is allowed.
// UNLIMITED-LABEL: func.func @at_limit
func.func @at_limit(%x: memref<4x8192xf32>, %y: memref<4x8192xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x8192xf32>) outs(%y : memref<4x8192xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

// -----

// A long plain row sum is no scan.
// UNLIMITED-LABEL: func.func @long_sum
func.func @long_sum(%x: memref<4x65536xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x65536xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  }
  return
}
