// transform.ks.grid_reduce_then_map with interleaved = 1: step s of block
// b reads the (s * blocks + b)-th run of threads * 4 elements, so all
// blocks together read one contiguous stretch a step. Blocks need not
// divide the runs: here 12 runs of 128 elements (1536) among 5 blocks of
// 32 threads, two steps every block takes (one kept in registers, one in
// shared memory) and a third only blocks 0 and 1 take (12 - 2 * 5 = 2),
// under an scf.if in both passes. The skill: test/Skills/grid_reduce_then_map.mlir.
// RUN: ks-opt %s --transform-interpreter --canonicalize --cse | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#flat = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @frobenius(%x: memref<16x96xf32>, %y: memref<16x96xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<f32>
  %p = memref.alloc() : memref<12xf32>
  %rows = memref.collapse_shape %x [[0, 1]] : memref<16x96xf32> into memref<1536xf32>
  %xr = memref.expand_shape %rows [[0, 1]] output_shape [12, 128] : memref<1536xf32> into memref<12x128xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<12xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%xr : memref<12x128xf32>) outs(%p : memref<12xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  %t1 = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%t1 : memref<1xf32>)
  linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : memref<12xf32>) outs(%t1 : memref<1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  %yr = memref.collapse_shape %y [[0, 1]] : memref<16x96xf32> into memref<1536xf32>
  linalg.generic {indexing_maps = [#flat, #all, #flat], iterator_types = ["parallel"]}
      ins(%rows, %t : memref<1536xf32>, memref<f32>) outs(%yr : memref<1536xf32>) {
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
    %launch = transform.ks.grid_reduce_then_map %partial {blocks = 5, threads = 32,
        register_vectors = 1, shared_vectors = 1, interleaved = 1}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// CHECK-LABEL: func.func @frobenius
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c5{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c32{{.*}}) dynamic_shared_memory_size
// CHECK: %[[X:.*]] = memref.collapse_shape %arg0
// CHECK: %[[T4:.*]] = arith.muli %[[T]], %c4
// CHECK: %[[OFFSET:.*]] = arith.muli %[[B]], %c128
// CHECK: %[[BASE:.*]] = arith.addi %[[OFFSET]], %[[T4]]
// CHECK: %[[V0:.*]] = vector.load %[[X]][%[[BASE]]]
// CHECK: %[[AT1:.*]] = arith.addi %[[BASE]], %c640
// CHECK: %[[V1:.*]] = vector.load %[[X]][%[[AT1]]]
// CHECK-NEXT: vector.store %[[V1]], %{{.*}}[%[[T4]]]
// CHECK: %[[TAKES:.*]] = arith.cmpi ult, %[[B]], %c2
// CHECK: scf.if %[[TAKES]] -> (f32) {
// CHECK: %[[AT2:.*]] = arith.addi %[[BASE]], %c1280
// CHECK: vector.load %[[X]][%[[AT2]]]
// CHECK: } else {
// CHECK: gpu.barrier
// CHECK: llvm.inline_asm
// CHECK: gpu.barrier
// CHECK: scf.if %[[TAKES]] {
// CHECK: vector.load %[[X]][%[[AT2]]]
// CHECK: vector.store
// CHECK: }
// CHECK-NOT: scf.if
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[AT1]]]
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[BASE]]]
// CHECK-NEXT: gpu.terminator
