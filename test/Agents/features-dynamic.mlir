// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on dynamic shapes, every dispatch checked whole.

// CHECK:      "dispatches": [
#id = affine_map<(d0, d1) -> (d0, d1)>

// Dynamic shapes are not skipped: the op is reported with "dynamic": true,
// its structure (class, iterators, maps, body) and no sizes (no loop
// ranges, FLOPs, bytes, intensity, reuse or tensor-core verdict). Strides
// that do not depend on a dynamic size are still known: along the threads
// (the static columns) both operands are contiguous.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "dynamic": true,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "func": "dynamic_rows",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 0,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "elementwise",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<?x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<?x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "thread_loop_dim": 1
// CHECK-NEXT:   },
func.func @dynamic_rows(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x8xf32>) outs(%x : tensor<?x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// A matmul with a dynamic K: still a matmul; along the threads (n) B and C
// are contiguous and A does not move, whatever K is.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "dynamic": true,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "func": "dynamic_matmul",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction"],
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.matmul",
// CHECK-NEXT:     "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<8x?xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<?x16xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<8x16xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "thread_loop_dim": 1
// CHECK-NEXT:   },
func.func @dynamic_matmul(%a: tensor<8x?xf32>, %b: tensor<?x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x?xf32>, tensor<?x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// A transpose on buffers: along the threads (the output's rows) the input
// is read one input row apart, and that row length is dynamic: the stride is
// unknown (null), and not contiguous.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "dynamic": true,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "func": "dynamic_transpose",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 2,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.transpose",
// CHECK-NEXT:     "op_class": "transpose",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": null, "type": "memref<8x?xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "memref<?x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "thread_loop_dim": 1
// CHECK-NEXT:   }
func.func @dynamic_transpose(%x: memref<8x?xf32>, %y: memref<?x8xf32>) {
  linalg.transpose ins(%x : memref<8x?xf32>) outs(%y : memref<?x8xf32>) permutation = [1, 0]
  return
}
// CHECK-NEXT: ]
