// transform.ks.scan_rows names what a target or its parameters lack, and
// builds nothing: a chunk that is not a power of two, a segment past 48 KB
// of shared memory, threads that do not divide its pairs, an exclusive mask
// (j < k), a running maximum, an output filled with something other than
// the identity. The kernel itself: test/Skills/scan_rows_sklansky.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @odd_chunk(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %fill = arith.constant 0.0 : f32
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%fill : f32) outs(%y : memref<4x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>) {
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
    // expected-error @below {{cannot build a scan kernel: chunk = 48 is not a power of two of at least 2}}
    %launch = transform.ks.scan_rows %scan {chunk = 48 : i64, segment = 96 : i64, threads = 64 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @large_segment(%x: memref<4x64xf64>, %y: memref<4x64xf64>) {
  %fill = arith.constant 0.0 : f64
  %identity = arith.constant 0.0 : f64
  linalg.fill ins(%fill : f64) outs(%y : memref<4x64xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf64>) outs(%y : memref<4x64xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f64
    %a = arith.addf %s, %acc : f64
    linalg.yield %a : f64
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: a segment of 8192 elements (65536 bytes) does not fit in 48 KB of shared memory}}
    %launch = transform.ks.scan_rows %scan {chunk = 512 : i64, segment = 8192 : i64, threads = 256 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @exclusive(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %fill = arith.constant 0.0 : f32
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%fill : f32) outs(%y : memref<4x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sgt, %k, %j : index
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
    // expected-error @below {{cannot build a scan kernel: the payload does not select the scanned value where j <= k}}
    %launch = transform.ks.scan_rows %scan {chunk = 32 : i64, segment = 64 : i64, threads = 32 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @running_max(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %fill = arith.constant 0.0 : f32
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%fill : f32) outs(%y : memref<4x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.maximumf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the payload does not yield a sum or a product}}
    %launch = transform.ks.scan_rows %scan {chunk = 32 : i64, segment = 64 : i64, threads = 32 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @filled_with_two(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %fill = arith.constant 2.0 : f32
  %identity = arith.constant 1.0 : f32
  linalg.fill ins(%fill : f32) outs(%y : memref<4x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upto = arith.cmpi sge, %k, %j : index
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.mulf %s, %acc : f32
    linalg.yield %a : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %scan = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a scan kernel: the output is not filled with the identity of the combining op just before the scan}}
    %launch = transform.ks.scan_rows %scan {chunk = 32 : i64, segment = 64 : i64, threads = 32 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @few_pairs(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %fill = arith.constant 0.0 : f32
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%fill : f32) outs(%y : memref<4x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>) {
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
    // expected-error @below {{cannot build a scan kernel: segment = 96 is not a multiple of twice threads = 64}}
    %launch = transform.ks.scan_rows %scan {chunk = 32 : i64, segment = 96 : i64, threads = 64 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

