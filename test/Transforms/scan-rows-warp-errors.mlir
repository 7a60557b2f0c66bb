// transform.ks.scan_rows_warp names what its parameters or a target lack,
// and builds nothing: a chunk under a warp's 32 lanes, a chunk that is not a
// power of two, threads that are not whole warps, a segment (threads / 32 x
// chunks_per_warp chunks) past 48 KB of shared memory, chunks a warp outside 1
// to 16, a lane's elements past 32 and a segment of more than 64 chunks. What it shares with transform.ks.scan_rows
// (the scan's own conditions): scan-rows-errors.mlir. The kernel itself:
// test/Skills/scan_rows_warp_sklansky.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @small_chunk(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: chunk = 16 is not a power of two from 32 to 1024}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 16 : i64, threads = 64 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @odd_chunk(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: chunk = 96 is not a power of two from 32 to 1024}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 96 : i64, threads = 64 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @partial_warp(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: threads = 48 is not a multiple of 32 up to 1024}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 32 : i64, threads = 48 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @large_segment(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: a segment of 16384 elements (threads / 32 x chunks_per_warp chunks) needs 68864 bytes of shared memory, more than 48 KB}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 512 : i64, threads = 1024 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @zero_chunks_per_warp(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: chunks_per_warp = 0 is not from 1 to 16}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 32 : i64, threads = 64 : i64, chunks_per_warp = 0 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @lane_past_32(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: chunks_per_warp x chunk = 2048 is more than 1024 (a lane's 64 elements and as many in flight)}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 512 : i64, threads = 64 : i64, chunks_per_warp = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @segment_past_64_chunks(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %identity = arith.constant 0.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<4x64xf32>)
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
    // expected-error @below {{cannot build a scan kernel: a segment of 128 chunks (threads / 32 x chunks_per_warp) is more than 64: thread 0's chain is unrolled over them}}
    %launch = transform.ks.scan_rows_warp %scan {chunk = 32 : i64, threads = 1024 : i64, chunks_per_warp = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
