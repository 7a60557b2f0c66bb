// transform.ks.scan_rows_thread names what its parameters lack, and builds
// nothing: threads that are not whole warps, and a block's rows past 48 KB
// of shared memory. What it shares with transform.ks.scan_rows (the scan's
// own conditions): scan-rows-errors.mlir. The kernel itself:
// test/Skills/scan_rows_thread_sequential.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @partial_warp(%x: memref<64x48xf32>, %y: memref<64x48xf32>) {
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
    // expected-error @below {{cannot build a scan kernel: threads = 48 is not a multiple of 32 up to 1024}}
    %launch = transform.ks.scan_rows_thread %scan {threads = 48 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @rows_past_shared_memory(%x: memref<64x96xf32>, %y: memref<64x96xf32>) {
  %identity = arith.constant 1.0 : f32
  linalg.fill ins(%identity : f32) outs(%y : memref<64x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<64x96xf32>) outs(%y : memref<64x96xf32>) {
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
    // 256 rows at a stride of 97 f32.
    // expected-error @below {{cannot build a scan kernel: a block's 256 rows of 96 need 99328 bytes of shared memory, more than 48 KB}}
    %launch = transform.ks.scan_rows_thread %scan {threads = 256 : i64, unroll = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
