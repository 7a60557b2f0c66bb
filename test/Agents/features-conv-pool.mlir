// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on convolutions and pooling, every dispatch checked
// whole.

// CHECK:      "dispatches": [
// conv_2d_nchw_fchw, 1x3x10x10 by 8x3x3x3 filters: flops 2 * (1*8*8*8
// outputs) * (3*3*3 taps) = 27648; bytes (300 + 216 + 512) * 4 = 4112. The
// threads run over ow (loop 3): input and output are contiguous along it,
// the filter does not move (0). Every reduction dim (c, kh, kw) walks the
// filter contiguously (reduction_innermost). As an implicit GEMM, K = 3*3*3
// = 27 is no multiple of 8: no tensor cores.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 6.72374,
// CHECK-NEXT:     "data_reuse": 64,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 27648,
// CHECK-NEXT:     "func": "conv",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 0,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [1, 8, 8, 8, 3, 3, 3],
// CHECK-NEXT:     "min_bytes": 4112,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.conv_2d_nchw_fchw",
// CHECK-NEXT:     "op_class": "convolution",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<1x3x10x10xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 6, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<8x3x3x3xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<1x8x8x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 512,
// CHECK-NEXT:     "parallel_dims": 4,
// CHECK-NEXT:     "reduction_dims": 3,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 3,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @conv(%img: tensor<1x3x10x10xf32>, %w: tensor<8x3x3x3xf32>, %init: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %w : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%init : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// Stride 2, f16, NHWC, 8 input and 16 output channels: M = 1*4*4 = 16,
// N = 16, K = 3*3*8 = 72, all multiples of 8: tensor-core eligible. The
// threads run over the output channels (loop 3), which the input does not
// depend on (stride 0).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 8.96498,
// CHECK-NEXT:     "data_reuse": 28.4444,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f16"],
// CHECK-NEXT:     "flops": 36864,
// CHECK-NEXT:     "func": "conv_nhwc_f16",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 16,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [1, 4, 4, 16, 3, 3, 8],
// CHECK-NEXT:     "min_bytes": 4112,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.conv_2d_nhwc_hwcf",
// CHECK-NEXT:     "op_class": "convolution",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 6, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<1x9x9x8xf16>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<3x3x8x16xf16>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<1x4x4x16xf16>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 256,
// CHECK-NEXT:     "parallel_dims": 4,
// CHECK-NEXT:     "reduction_dims": 3,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": true,
// CHECK-NEXT:     "thread_loop_dim": 3,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @conv_nhwc_f16(%img: tensor<1x9x9x8xf16>, %w: tensor<3x3x8x16xf16>, %init: tensor<1x4x4x16xf16>) -> tensor<1x4x4x16xf16> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%img, %w : tensor<1x9x9x8xf16>, tensor<3x3x8x16xf16>) outs(%init : tensor<1x4x4x16xf16>) -> tensor<1x4x4x16xf16>
  return %r : tensor<1x4x4x16xf16>
}

// A depthwise convolution is a convolution, never a GEMM.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 1.66474,
// CHECK-NEXT:     "data_reuse": 64,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 9216,
// CHECK-NEXT:     "func": "depthwise",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 2,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [1, 8, 8, 8, 3, 3],
// CHECK-NEXT:     "min_bytes": 5536,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.depthwise_conv_2d_nhwc_hwc",
// CHECK-NEXT:     "op_class": "convolution",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<1x10x10x8xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<3x3x8xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<1x8x8x8xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 512,
// CHECK-NEXT:     "parallel_dims": 4,
// CHECK-NEXT:     "reduction_dims": 2,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 3,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @depthwise(%img: tensor<1x10x10x8xf32>, %w: tensor<3x3x8xf32>, %init: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %w : tensor<1x10x10x8xf32>, tensor<3x3x8xf32>) outs(%init : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// 2x2 max pooling with stride 2 on 1x3x10x10: pooling, since the window
// tensor is never read (so it moves no bytes: (300 + 75) * 4 = 1500, and
// each input element is used once). One maximumf per tap: 75*4 = 300 flops.
// Along the threads (ow) the input is read 2 apart.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": false,
// CHECK-NEXT:     "arithmetic_intensity": 0.2,
// CHECK-NEXT:     "data_reuse": 1,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 300,
// CHECK-NEXT:     "func": "max_pool",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 3,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [1, 3, 5, 5, 2, 2],
// CHECK-NEXT:     "min_bytes": 1500,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.pooling_nchw_max",
// CHECK-NEXT:     "op_class": "pooling",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 2, "type": "tensor<1x3x10x10xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 5, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<2x2xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<1x3x5x5xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 75,
// CHECK-NEXT:     "parallel_dims": 4,
// CHECK-NEXT:     "reduction_dims": 2,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 3,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },
func.func @max_pool(%img: tensor<1x3x10x10xf32>, %init: tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %win = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%img, %win : tensor<1x3x10x10xf32>, tensor<2x2xf32>) outs(%init : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %r : tensor<1x3x5x5xf32>
}

// A 3x3 sum pooling with stride 1 (NHWC): each input element is used about
// 9 times (1*8*8*4*9 iterations over 1*10*10*4 elements = 5.76).
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 0.878049,
// CHECK-NEXT:     "data_reuse": 5.76,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 2304,
// CHECK-NEXT:     "func": "sum_pool",
// CHECK-NEXT:     "fused_ops": 1,
// CHECK-NEXT:     "id": 4,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"],
// CHECK-NEXT:     "loop_ranges": [1, 8, 8, 4, 3, 3],
// CHECK-NEXT:     "min_bytes": 2624,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.pooling_nhwc_sum",
// CHECK-NEXT:     "op_class": "pooling",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<1x10x10x4xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 5, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<3x3xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 3, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<1x8x8x4xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 256,
// CHECK-NEXT:     "parallel_dims": 4,
// CHECK-NEXT:     "reduction_dims": 2,
// CHECK-NEXT:     "reduction_innermost": false,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK-NEXT:     "thread_loop_dim": 3,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   }
func.func @sum_pool(%img: tensor<1x10x10x4xf32>, %init: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %win = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%img, %win : tensor<1x10x10x4xf32>, tensor<3x3xf32>) outs(%init : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %r : tensor<1x8x8x4xf32>
}
// CHECK-NEXT: ]
