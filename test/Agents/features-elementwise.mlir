// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on parallel ops, every dispatch checked whole.
// chain: exp, tanh, mulf, addf per element (fused_ops 4) on 4x8: flops
//   4*32 = 128, of which 2*32 = 64 transcendentals; bytes 2*32*4 = 256 (the
//   scalar is a kernel parameter); intensity 0.5.
// bias: the row bias (8) follows the threads (stride 1), each element reused
//   4 times; the column bias (4) is constant along them (stride 0, innermost
//   loop dim 0), reused 8 times.
// transposes: along the threads (the output's rows) the input is read one
//   input row apart: 8 for 4x8, 10 for 6x10.
// data_movement: fills (named and generic, no input to reuse), copies
//   (named and generic) and a broadcast, each by its structure.
// size_one_broadcasts: broadcasts by a constant index, as Torch-MLIR emits.

// CHECK:      "dispatches": [
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// An elementwise chain: exp, tanh, mulf, addf with a scalar.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.5,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 128,
// CHECK-NEXT:     "func": "chain",
// CHECK-NEXT:     "fused_ops": 4,
// CHECK-NEXT:     "id": 0,
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
// CHECK-NEXT:     "transcendentals": 64
// CHECK-NEXT:   },
func.func @chain(%x: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    %1 = math.tanh %0 : f32
    %2 = arith.mulf %1, %a : f32
    %3 = arith.addf %2, %s : f32
    linalg.yield %3 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// A bias add along rows (the bias follows the threads) and one along
// columns (the bias is constant along the threads: stride 0).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.111111,
// CHECK-NEXT:     "data_reuse": 4,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 32,
// CHECK-NEXT:     "func": "bias",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 288,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "broadcast",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
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
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.117647,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 32,
// CHECK-NEXT:     "func": "bias",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 2,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 272,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "broadcast",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<4xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @bias(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %0 = arith.addf %a, %v : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %0 = arith.addf %a, %v : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r, %q : tensor<4x8xf32>, tensor<4x8xf32>
}

// Transposes, named and generic: along the output's rows, the input is read
// a whole input row apart.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "transposes",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 3,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [8, 4],
// CHECK-NEXT:     "min_bytes": 256,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.transpose",
// CHECK-NEXT:     "op_class": "transpose",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 8, "type": "tensor<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<8x4xf32>"}
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
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f16"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "transposes",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 4,
// CHECK-NEXT:     "input_element_bits": 16,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [10, 6],
// CHECK-NEXT:     "min_bytes": 240,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "transpose",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 0, "role": "input", "stride_along_innermost_loop": 10, "type": "tensor<6x10xf16>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<10x6xf16>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 60,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @transposes(%x: tensor<4x8xf32>, %y: tensor<6x10xf16>) -> (tensor<8x4xf32>, tensor<10x6xf16>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<10x6xf16>
  %g = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<6x10xf16>) outs(%e2 : tensor<10x6xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  } -> tensor<10x6xf16>
  return %t, %g : tensor<8x4xf32>, tensor<10x6xf16>
}

// Fills, copies and a broadcast, named and generic.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "data_movement",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 5,
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
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "data_movement",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 6,
// CHECK-NEXT:     "input_element_bits": 0,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 128,
// CHECK-NEXT:     "num_inputs": 0,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "fill",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
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
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "data_movement",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 7,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 256,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.copy",
// CHECK-NEXT:     "op_class": "copy",
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
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "data_movement",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 8,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 256,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "copy",
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
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0,
// CHECK-NEXT:     "data_reuse": 4,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 0,
// CHECK-NEXT:     "func": "data_movement",
// CHECK-NEXT:     "fused_ops": 0,
// CHECK-NEXT:     "id": 9,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 160,
// CHECK-NEXT:     "num_inputs": 1,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.broadcast",
// CHECK-NEXT:     "op_class": "broadcast",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<8xf32>"},
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
func.func @data_movement(%x: tensor<4x8xf32>, %v: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %one = arith.constant 1.0 : f32
  %gf = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %one : f32
  } -> tensor<4x8xf32>
  %c = linalg.copy ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %gc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %b = linalg.broadcast ins(%v : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  return %f, %gf, %c, %gc, %b : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// Broadcasts as Torch-MLIR writes them, by a constant 0 index into a size-1
// dim: a 1x8 row follows the threads (stride 1); a 4x1 column's innermost
// dim is a constant (innermost loop dim -1) and does not move (stride 0).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.210526,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 64,
// CHECK-NEXT:     "func": "size_one_broadcasts",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 10,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel"],
// CHECK-NEXT:     "loop_ranges": [4, 8],
// CHECK-NEXT:     "min_bytes": 304,
// CHECK-NEXT:     "num_inputs": 3,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "broadcast",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<1x8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": false, "innermost_loop_dim": -1, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<4x1xf32>"},
// CHECK-NEXT:       {"index": 3, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<4x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 32,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 0,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   }
func.func @size_one_broadcasts(%x: tensor<4x8xf32>, %r: tensor<1x8xf32>, %c: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %o = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %r, %c : tensor<4x8xf32>, tensor<1x8xf32>, tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %u: f32, %v: f32, %out: f32):
    %0 = arith.mulf %a, %u : f32
    %1 = arith.subf %0, %v : f32
    linalg.yield %1 : f32
  } -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}
// CHECK-NEXT: ]
