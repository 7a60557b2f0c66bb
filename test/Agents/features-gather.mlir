// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on gathers (a load by a computed index in the
// body), every dispatch checked whole.

// CHECK:      "dispatches": [
#col = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// An embedding lookup: row idx[i] of the table, by tensor.extract in the
// body. A gather, whatever its maps say; the table is not an operand, so
// only the indices and the output count as bytes ((4*8 + 4*8*4) = 160).
// Along the threads (the columns) the index does not move (stride 0).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["i64", "f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "embedding",
// CHECK-NEXT:     "fused_ops": 3,
// CHECK-NEXT:     "id": 0,
// CHECK-NEXT:     "input_element_bits": 64,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 160,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "gather",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<4xi64>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @embedding(%idx: tensor<4xi64>, %table: tensor<100x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<4xi64>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = arith.index_cast %i : i64 to index
    %c = linalg.index 1 : index
    %v = tensor.extract %table[%row, %c] : tensor<100x8xf32>
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// The same on buffers, by memref.load.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["i64", "f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "embedding_buffers",
// CHECK-NEXT:     "fused_ops": 3,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 64,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 160,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "gather",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 0, "type": "memref<4xi64>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "memref<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @embedding_buffers(%idx: memref<4xi64>, %table: memref<100x8xf32>, %out: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%idx : memref<4xi64>) outs(%out : memref<4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = arith.index_cast %i : i64 to index
    %c = linalg.index 1 : index
    %v = memref.load %table[%row, %c] : memref<100x8xf32>
    linalg.yield %v : f32
  }
  return
}

// Reading a 0-d constant at a constant index is no gather: elementwise.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.125,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 32,
// CHECK-NEXT:     "func": "scalar_constant",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 2,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 256,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "elementwise",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   }
func.func @scalar_constant(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %k = arith.constant dense<2.0> : tensor<f32>
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = tensor.extract %k[] : tensor<f32>
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
// CHECK-NEXT: ]
