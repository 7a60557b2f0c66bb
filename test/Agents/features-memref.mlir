// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on buffers (memref semantics), every dispatch
// checked whole.

// CHECK:      "dispatches": [
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// Buffers, as after bufferization: the ops carry their dispatch ids, which
// the features report as they are (not their positions).
// A memref matmul (id 12): the same features as on tensors, FLOPs
// 2*4*8*16 = 1024, bytes (64 + 128 + 32) * 4 = 896.
// A bias add (id 7) writing in place: the buffer is both an input and the
// output, counted once as each (32 + 8 + 32 floats = 288 bytes).
// A fill (id 40).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "buffers",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 40,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 128,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.fill",
// CHECK-NEXT:     "op_class": "fill",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": -1, "role": "input", "stride_along_innermost_loop": 0, "type": "f32"},
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
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 1.14286,
// CHECK-NEXT:     "batch_dims": 0,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "elementwise_epilogue": true,
// CHECK-NEXT:     "flops": 1024,
// CHECK-NEXT:     "func": "buffers",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 12,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction"],
// CHECK-NEXT:     "k_contiguous_operands": false,
// CHECK-NEXT:     "loop_ranges": [4, 8, 16],
// CHECK-NEXT:     "min_bytes": 896,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.matmul",
// CHECK-NEXT:     "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 0, "type": "memref<4x16xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "memref<16x8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "memref<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.111111,
// CHECK-NEXT:     "data_reuse": 4,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 32,
// CHECK-NEXT:     "func": "buffers",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 7,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 288,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "broadcast",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "memref<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "memref<8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "memref<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @buffers(%a: memref<4x16xf32>, %b: memref<16x8xf32>, %c: memref<4x8xf32>, %bias: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 40 : i64} ins(%zero : f32) outs(%c : memref<4x8xf32>)
  linalg.matmul {ks.dispatch = 12 : i64} ins(%a, %b : memref<4x16xf32>, memref<16x8xf32>) outs(%c : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"], ks.dispatch = 7 : i64}
      ins(%c, %bias : memref<4x8xf32>, memref<8xf32>) outs(%c : memref<4x8xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    linalg.yield %s : f32
  }
  return
}

// A view with a layout: every other column of an 8x16 buffer. The strides
// come from the layout ([16, 2]): along the threads (columns) elements are
// 2 apart, so the access is not contiguous. An op without an attribute gets
// its position among all dispatches of the module (3: attributes or not,
// every dispatch before it counts).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.125,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 32,
// CHECK-NEXT:     "func": "strided_view",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 3,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 256,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "elementwise",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 2, "type": "memref<4x8xf32, strided<[16, 2]>>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 2, "type": "memref<4x8xf32, strided<[16, 2]>>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 32
// CHECK-NEXT:   }
func.func @strided_view(%m: memref<8x16xf32>) {
  %v = memref.subview %m[0, 0] [4, 8] [1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<4x8xf32, strided<[16, 2]>>) outs(%v : memref<4x8xf32, strided<[16, 2]>>) {
  ^bb0(%x: f32, %o: f32):
    %r = math.sqrt %x : f32
    linalg.yield %r : f32
  }
  return
}
// CHECK-NEXT: ]
