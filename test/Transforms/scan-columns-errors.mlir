// transform.ks.scan_columns names what it refuses, and builds nothing: a
// scan along the innermost dim (the row scans'), and columns that are not
// whole warps or a block past 1024 threads. The row scans refuse a scan
// along another dim, naming it. The kernel itself:
// test/Skills/scan_columns_thread_sequential.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @rows(%x: memref<64x48xf32>, %y: memref<64x48xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<64x48xf32>) outs(%y : memref<64x48xf32>) {
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

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the scan runs along the innermost dim: a row scan's (transform.ks.scan_rows_thread, scan_rows_warp, scan_rows) to take}}
    %launch = transform.ks.scan_columns %scan {columns = 128 : i64, chunks = 1 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A cumsum over the middle dim of [6, 40, 96], the reduction loop last (as
// ks-parallel-dims-first leaves it: its old index an affine.apply).
func.func @middle(%x: memref<6x40x96xf32>, %y: memref<6x40x96xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<6x40x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : memref<6x40x96xf32>) outs(%y : memref<6x40x96xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %j = affine.apply affine_map<(d0, d1, d2, d3) -> (d3)>(%i0, %i1, %i2, %i3)
    %upto = arith.cmpi sge, %i1, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: columns = 48 is not a multiple of 32 up to 1024}}
    %launch = transform.ks.scan_columns %scan {columns = 48 : i64, chunks = 1 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @middle(%x: memref<6x40x96xf32>, %y: memref<6x40x96xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<6x40x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : memref<6x40x96xf32>) outs(%y : memref<6x40x96xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 3 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: chunks = 16 is not positive with columns x chunks = 2048 threads up to 1024}}
    %launch = transform.ks.scan_columns %scan {columns = 128 : i64, chunks = 16 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @middle(%x: memref<6x40x96xf32>, %y: memref<6x40x96xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<6x40x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : memref<6x40x96xf32>) outs(%y : memref<6x40x96xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 3 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the scan runs along a dim other than the innermost (96 elements after it a step): transform.ks.scan_columns scans it in place}}
    %launch = transform.ks.scan_rows_thread %scan {threads = 128 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @middle(%x: memref<6x40x96xf32>, %y: memref<6x40x96xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<6x40x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : memref<6x40x96xf32>) outs(%y : memref<6x40x96xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 3 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the scan runs along a dim other than the innermost (96 elements after it a step): transform.ks.scan_columns scans it in place}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 64 : i64, threads = 128 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @middle(%x: memref<6x40x96xf32>, %y: memref<6x40x96xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<6x40x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : memref<6x40x96xf32>) outs(%y : memref<6x40x96xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 3 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the scan runs along a dim other than the innermost (96 elements after it a step): transform.ks.scan_columns scans it in place}}
    %launch = transform.ks.scan_rows %scan {chunk = 4 : i64, segment = 64 : i64, threads = 64 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
