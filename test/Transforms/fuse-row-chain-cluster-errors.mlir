// transform.ks.fuse_row_chain with cluster_blocks > 1 names what its
// parameters or the chain lack, and builds nothing: a cluster size that is
// not a portable one (2, 4, 8), warps per row, a row the cluster's blocks
// cannot split evenly, and a row statistic rewritten in place (the blocks
// each write it, not in step: it must take one value after its fill). The
// kernel itself: test/Skills/fuse_rows_cluster.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @three_blocks(%x: memref<4x1024xf32>, %s: memref<4xf32>, %y: memref<4x1024xf32>) {
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
    // expected-error @below {{cluster_blocks must be 1, 2, 4 or 8 (a portable cluster)}}
    %rows = transform.ks.fuse_row_chain %sum {warp_rows = 0, elements_per_thread = 4,
        keep_rows_in_registers = 1, cluster_blocks = 3}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @warp_rows(%x: memref<4x1024xf32>, %s: memref<4xf32>, %y: memref<4x1024xf32>) {
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
    // expected-error @below {{cluster_blocks > 1 splits a row among blocks: warp_rows must be 0}}
    %rows = transform.ks.fuse_row_chain %sum {warp_rows = 1, elements_per_thread = 4,
        keep_rows_in_registers = 1, cluster_blocks = 2}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @uneven(%x: memref<4x1002xf32>, %s: memref<4xf32>, %y: memref<4x1002xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x1002xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %v = arith.addf %a, %acc : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<4x1002xf32>, memref<4xf32>) outs(%y : memref<4x1002xf32>) {
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
    // expected-error @below {{cluster_blocks = 8 does not divide a row loop of 1002 points}}
    %rows = transform.ks.fuse_row_chain %sum {warp_rows = 0, elements_per_thread = 1,
        keep_rows_in_registers = 1, cluster_blocks = 8}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The row sums become means in place: a block that has divided its sum
// could find it overwritten by another block's later sum.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#one = affine_map<(d0) -> (d0)>
func.func @in_place_mean(%x: memref<4x1024xf32>, %s: memref<4xf32>, %y: memref<4x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1024.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x1024xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %v = arith.addf %a, %acc : f32
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [#one], iterator_types = ["parallel"]}
      outs(%s : memref<4xf32>) {
  ^bb0(%t: f32):
    %m = arith.divf %t, %n : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<4x1024xf32>, memref<4xf32>) outs(%y : memref<4x1024xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %c = arith.subf %a, %m : f32
    linalg.yield %c : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %sum, %mean, %center = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cluster_blocks > 1 needs each of a row's statistics written once after its fill; 'linalg.generic' writes one again}}
    %rows = transform.ks.fuse_row_chain %sum {warp_rows = 0, elements_per_thread = 4,
        keep_rows_in_registers = 1, cluster_blocks = 2}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
