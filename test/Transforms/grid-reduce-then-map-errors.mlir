// transform.ks.grid_reduce_then_map names the parameter or the condition
// of the ops that does not hold, and builds nothing: more kept vectors
// than a thread reads, a grid that does not divide the buffer, more shared
// memory than a block may have, a total nothing elementwise reads,
// partial sums read by another op, and a total filled before the partial
// stage and written after (its fill must come right before the final
// stage). The kernel itself:
// test/Skills/grid_reduce_then_map.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<65536xf32>, memref<f32>) outs(%yr : memref<65536xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %n = math.sqrt %s : f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final, %map = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{register_vectors + shared_vectors must be at most the 32 vectors every thread reads}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 4, threads = 128,
        register_vectors = 20, shared_vectors = 13} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<65536xf32>, memref<f32>) outs(%yr : memref<65536xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %n = math.sqrt %s : f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final, %map = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{blocks * threads * 4 = 1536 does not divide the buffer's 65536 elements}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 3, threads = 128,
        register_vectors = 2, shared_vectors = 3} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<65536xf32>, memref<f32>) outs(%yr : memref<65536xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %n = math.sqrt %s : f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final, %map = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{shared_vectors = 15 needs 245892 bytes of shared memory a block, more than the 232448 an sm_90 block may have}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 1, threads = 1024,
        register_vectors = 0, shared_vectors = 15} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot build a grid kernel: no elementwise op reads the total}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 4, threads = 128,
        register_vectors = 2, shared_vectors = 3} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<65536xf32>, memref<f32>) outs(%yr : memref<65536xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %n = math.sqrt %s : f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  }
  %keep = memref.alloc() : memref<16xf32>
  memref.copy %p, %keep : memref<16xf32> to memref<16xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final, %map = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot build a grid kernel: the partial sums are read elsewhere}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 4, threads = 128,
        register_vectors = 2, shared_vectors = 3} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<16xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [16, 4096] : memref<65536xf32> into memref<16x4096xf32>
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %t1[%c0] : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<16x4096xf32>) outs(%p : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<16xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<64x1024xf32> into memref<65536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<65536xf32>, memref<f32>) outs(%yr : memref<65536xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %n = math.sqrt %s : f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %partial, %final, %map = transform.split_handle %ops
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot build a grid kernel: the total does not start from a zero fill}}
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 4, threads = 128,
        register_vectors = 2, shared_vectors = 3} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
