// transform.ks.fuse_row_chain's reciprocal_divisors is 0 or 1: another
// value is named and nothing is built. (What RCP = 1 builds:
// test/Skills/fuse_rows_block.mlir, the KL chain.)
// RUN: ks-opt %s --transform-interpreter --verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @sum_then_divide(%x: memref<4x1024xf32>, %s: memref<4xf32>, %y: memref<4x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x1024xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %v = arith.addf %a, %acc : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<4x1024xf32>, memref<4xf32>) outs(%y : memref<4x1024xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %q = arith.divf %a, %t : f32
    linalg.yield %q : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %sum, %div = transform.split_handle %ops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{reciprocal_divisors must be 0 or 1}}
    %rows = transform.ks.fuse_row_chain %sum {warp_rows = 0, elements_per_thread = 4,
        keep_rows_in_registers = 1, reciprocal_divisors = 2}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
