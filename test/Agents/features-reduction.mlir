// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on reductions, every dispatch checked whole:
// "reduction_innermost" (does the reduction walk contiguous memory?) and
// the strides along the loop the threads run over tell a row reduction
// from a column reduction. One addf (or maximumf) per iteration: flops = the
// iteration count.

// CHECK:      "dispatches": [
#id = affine_map<(d0, d1) -> (d0, d1)>
#d0 = affine_map<(d0, d1) -> (d0)>
#d1 = affine_map<(d0, d1) -> (d1)>
#scalar = affine_map<(d0, d1) -> ()>
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#nc = affine_map<(n, c, h, w) -> (n, c)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#d0d2 = affine_map<(d0, d1, d2) -> (d0, d2)>

// A row reduction (sum of each row of 4x16): the reduction walks the rows,
// contiguous; the threads (one per row) are 16 elements apart.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.235294,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 64,
// CHECK-NEXT:     "func": "row_sum",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 0,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "reduction"],
// CHECK-NEXT:     "loop_ranges": [4, 16],
// CHECK-NEXT:     "min_bytes": 272,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 16, "type": "tensor<4x16xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 0, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 4,
// CHECK-NEXT:     "parallel_dims": 1,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 0,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @row_sum(%x: tensor<4x16xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #d0], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x16xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A column reduction (sum over dim 0, as Torch-MLIR emits it): the threads
// (one per column) read neighbouring elements, the reduction strides over
// rows.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.2,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 64,
// CHECK-NEXT:     "func": "column_sum",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["reduction", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 16],
// CHECK-NEXT:     "min_bytes": 320,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x16xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<16xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 16,
// CHECK-NEXT:     "parallel_dims": 1,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @column_sum(%x: tensor<4x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.generic {indexing_maps = [#id, #d1], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x16xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// A max over the middle dim of 2x8x4: it steps over the innermost (parallel)
// dim, so it is not contiguous.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.222222,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 64,
// CHECK-NEXT:     "func": "middle_max",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 2,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "reduction", "parallel"],
// CHECK-NEXT:     "loop_ranges": [2, 8, 4],
// CHECK-NEXT:     "min_bytes": 288,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.reduce",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<2x8x4xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 2, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<2x4xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 8,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 2,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @middle_max(%x: tensor<2x8x4xf32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.reduce ins(%x : tensor<2x8x4xf32>) outs(%init : tensor<2x4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %m = arith.maximumf %a, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<2x4xf32>
}

// Sums over H and W of NCHW, and over a whole tensor: the reduction dims
// together cover a contiguous block, so the reduction is innermost. With no
// parallel loop, the innermost loop is the one the "threads" run over.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.235294,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 96,
// CHECK-NEXT:     "func": "block_sums",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 3,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [2, 3, 4, 4],
// CHECK-NEXT:     "min_bytes": 408,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 16, "type": "tensor<2x3x4x4xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<2x3xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 6,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 2,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.246154,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 64,
// CHECK-NEXT:     "func": "block_sums",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 4,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [4, 16],
// CHECK-NEXT:     "min_bytes": 260,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x16xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": -1, "role": "output", "stride_along_innermost_loop": 0, "type": "tensor<f32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 1,
// CHECK-NEXT:     "parallel_dims": 0,
// CHECK-NEXT:     "reduction_dims": 2,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @block_sums(%x: tensor<2x3x4x4xf32>, %i1: tensor<2x3xf32>, %y: tensor<4x16xf32>, %i2: tensor<f32>) -> (tensor<2x3xf32>, tensor<f32>) {
  %r = linalg.generic {indexing_maps = [#id4, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<2x3x4x4xf32>) outs(%i1 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%y : tensor<4x16xf32>) outs(%i2 : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r, %t : tensor<2x3xf32>, tensor<f32>
}

// Attention pooling's weighted sum over time, x[b, t, f] * e[b, t] / s[b]
// summed over t: the weights walk t contiguously, but x, which carries the
// bytes (the one input indexed by every loop), steps over f at each step
// of t: not reduction_innermost, a strided reduction (neighbouring
// threads, neighbouring f).
#bft = affine_map<(b, f, t) -> (b, t, f)>
#bt = affine_map<(b, f, t) -> (b, t)>
#b = affine_map<(b, f, t) -> (b)>
#bf = affine_map<(b, f, t) -> (b, f)>
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.533333,
// CHECK-NEXT:     "data_reuse": 32,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 192,
// CHECK-NEXT:     "func": "weighted_time_sum",
// CHECK-NEXT:     "fused_ops": 3,
// CHECK-NEXT:     "id": 5,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction"],
// CHECK-NEXT:     "loop_ranges": [2, 4, 8],
// CHECK-NEXT:     "min_bytes": 360,
// CHECK-NEXT:     "num_inputs": 3,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "reduction",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<2x8x4xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<2x8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<2xf32>"},
// CHECK-NEXT:       {"index": 3, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<2x4xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 8,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   }
func.func @weighted_time_sum(%x: tensor<2x8x4xf32>, %e: tensor<2x8xf32>, %s: tensor<2xf32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#bft, #bt, #b, #bf], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %e, %s : tensor<2x8x4xf32>, tensor<2x8xf32>, tensor<2xf32>) outs(%init : tensor<2x4xf32>) {
  ^bb0(%a: f32, %ea: f32, %sa: f32, %acc: f32):
    %w = arith.divf %ea, %sa : f32
    %p = arith.mulf %w, %a : f32
    %q = arith.addf %p, %acc : f32
    linalg.yield %q : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
// CHECK-NEXT: ]
