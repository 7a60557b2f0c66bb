// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// The Feature Extractor on contractions: a named matmul and the same
// computation as a linalg.generic read the same, by structure.
// M=8, N=16, K=32: flops 2*M*N*K = 8192; bytes (8*32 + 32*16 + 8*16) * 4 =
// 3584; intensity 8192/3584 = 2.28571; reuse max(N, M) = 16. The threads run
// over n (loop 1): B and C are contiguous along it, A is broadcast (0).

// CHECK:      "dispatches": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 2.28571,
// CHECK-NEXT:     "batch_dims": 0,
// CHECK-NEXT:     "data_reuse": 16,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 8192,
// CHECK-NEXT:     "func": "matmuls",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 0,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction"],
// CHECK-NEXT:     "k_contiguous_operands": false,
// CHECK-NEXT:     "loop_ranges": [8, 16, 32],
// CHECK-NEXT:     "min_bytes": 3584,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.matmul",
// CHECK-NEXT:     "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<8x32xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<32x16xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<8x16xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 128,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": true,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },

// The generic twin: everything but "op" and "id" is the same.
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 2.28571,
// CHECK-NEXT:     "batch_dims": 0,
// CHECK-NEXT:     "data_reuse": 16,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["f32"],
// CHECK-NEXT:     "flops": 8192,
// CHECK-NEXT:     "func": "matmuls",
// CHECK-NEXT:     "fused_ops": 2,
// CHECK-NEXT:     "id": 1,
// CHECK-NEXT:     "input_element_bits": 32,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "reduction"],
// CHECK-NEXT:     "k_contiguous_operands": false,
// CHECK-NEXT:     "loop_ranges": [8, 16, 32],
// CHECK-NEXT:     "min_bytes": 3584,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<8x32xf32>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 1, "type": "tensor<32x16xf32>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 1, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<8x16xf32>"}
// CHECK-NEXT:     ],
// CHECK-NEXT:     "output_elements": 128,
// CHECK-NEXT:     "parallel_dims": 2,
// CHECK-NEXT:     "reduction_dims": 1,
// CHECK-NEXT:     "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": true,
// CHECK-NEXT:     "thread_loop_dim": 1,
// CHECK-NEXT:     "transcendentals": 0
// CHECK-NEXT:   },

// B transposed (A times B^T, as nn.Linear): still a matmul; B is now read
// with a stride of K = 32 along n, and k is innermost in both inputs (the
// layout wgmma reads TF32 in; the two above have B N-contiguous).
// CHECK-NEXT:   {
// CHECK:          "id": 2,
// CHECK:          "k_contiguous_operands": true,
// CHECK:          "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, {{.*}} "stride_along_innermost_loop": 0,
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 2, "role": "input", "stride_along_innermost_loop": 32, "type": "tensor<16x32xf32>"},
// CHECK:          "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": true,

// A batched matmul written as a generic, bf16 in, f32 accumulated (casts in
// the body): batched_matmul, tensor-core eligible. B=2, M=8, N=8, K=16:
// flops 2*2*8*8*16 = 4096; fused ops: 2 extf, mulf, addf; bytes
// 2*8*16*2 + 2*16*8*2 + 2*8*8*4 = 1536; intensity 4096/1536 = 2.66667.
// CHECK:        },
// CHECK-NEXT:   {
// CHECK-NEXT:     "additive_reduction": true,
// CHECK-NEXT:     "arithmetic_intensity": 2.66667,
// CHECK-NEXT:     "batch_dims": 1,
// CHECK-NEXT:     "data_reuse": 8,
// CHECK-NEXT:     "dynamic": false,
// CHECK-NEXT:     "element_types": ["bf16", "f32"],
// CHECK-NEXT:     "flops": 4096,
// CHECK-NEXT:     "func": "matmuls",
// CHECK-NEXT:     "fused_ops": 4,
// CHECK-NEXT:     "id": 3,
// CHECK-NEXT:     "input_element_bits": 16,
// CHECK-NEXT:     "iterator_types": ["parallel", "parallel", "parallel", "reduction"],
// CHECK-NEXT:     "loop_ranges": [2, 8, 8, 16],
// CHECK-NEXT:     "min_bytes": 1536,
// CHECK-NEXT:     "num_inputs": 2,
// CHECK-NEXT:     "num_outputs": 1,
// CHECK-NEXT:     "op": "linalg.generic",
// CHECK-NEXT:     "op_class": "batched_matmul",
// CHECK:          "tensor_core_eligible": true,

// A named batch_matmul: one batch loop.
// CHECK:          "batch_dims": 1,
// CHECK:          "id": 4,
// CHECK:          "op": "linalg.batch_matmul",
// CHECK-NEXT:     "op_class": "batched_matmul",

// K = 12 is not a multiple of 8: no tensor cores.
// CHECK:          "id": 5,
// CHECK:          "loop_ranges": [8, 16, 12],
// CHECK:          "op_class": "matmul",
// CHECK:          "tensor_core_eligible": false,

// A matrix-vector product (f16 in, f32 out) is a matmul with N = 1: no
// batch loop, no tensor cores. The threads run over m: the matrix is read with a stride of
// its row length, the reduction along its rows is contiguous.
// CHECK:          "batch_dims": 0,
// CHECK:          "id": 6,
// CHECK:          "loop_ranges": [16, 32],
// CHECK:          "op_class": "matmul",
// CHECK-NEXT:     "operands": [
// CHECK-NEXT:       {"index": 0, "innermost_contiguous": false, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 32, "type": "tensor<16x32xf16>"},
// CHECK-NEXT:       {"index": 1, "innermost_contiguous": false, "innermost_loop_dim": 1, "role": "input", "stride_along_innermost_loop": 0, "type": "tensor<32xf16>"},
// CHECK-NEXT:       {"index": 2, "innermost_contiguous": true, "innermost_loop_dim": 0, "role": "output", "stride_along_innermost_loop": 1, "type": "tensor<16xf32>"}
// CHECK:          "reduction_innermost": true,
// CHECK-NEXT:     "tensor_core_eligible": false,
// CHECK:        ]

#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mBt = affine_map<(m, n, k) -> (n, k)>
#mC = affine_map<(m, n, k) -> (m, n)>
#bA = affine_map<(b, m, n, k) -> (b, m, k)>
#bB = affine_map<(b, m, n, k) -> (b, k, n)>
#bC = affine_map<(b, m, n, k) -> (b, m, n)>
#vA = affine_map<(m, k) -> (m, k)>
#vX = affine_map<(m, k) -> (k)>
#vY = affine_map<(m, k) -> (m)>
func.func @matmuls(%a: tensor<8x32xf32>, %b: tensor<32x16xf32>, %bt: tensor<16x32xf32>,
                   %c: tensor<8x16xf32>, %ba: tensor<2x8x16xbf16>, %bb: tensor<2x16x8xbf16>,
                   %a12: tensor<8x12xf32>, %b12: tensor<12x16xf32>,
                   %m: tensor<16x32xf16>, %x: tensor<32xf16>)
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<2x8x8xf32>,
        tensor<2x8x8xf32>, tensor<8x16xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>)
                     outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>) outs(%c : tensor<8x16xf32>) {
  ^bb0(%x0: f32, %y0: f32, %acc: f32):
    %p = arith.mulf %x0, %y0 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %2 = linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<8x32xf32>, tensor<16x32xf32>) outs(%c : tensor<8x16xf32>) {
  ^bb0(%x0: f32, %y0: f32, %acc: f32):
    %p = arith.mulf %x0, %y0 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %eb = tensor.empty() : tensor<2x8x8xf32>
  %3 = linalg.generic {indexing_maps = [#bA, #bB, #bC],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ba, %bb : tensor<2x8x16xbf16>, tensor<2x16x8xbf16>) outs(%eb : tensor<2x8x8xf32>) {
  ^bb0(%p0: bf16, %q0: bf16, %acc: f32):
    %pe = arith.extf %p0 : bf16 to f32
    %qe = arith.extf %q0 : bf16 to f32
    %pr = arith.mulf %pe, %qe : f32
    %sm = arith.addf %pr, %acc : f32
    linalg.yield %sm : f32
  } -> tensor<2x8x8xf32>
  %4 = linalg.batch_matmul ins(%ba, %bb : tensor<2x8x16xbf16>, tensor<2x16x8xbf16>)
                           outs(%eb : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %5 = linalg.matmul ins(%a12, %b12 : tensor<8x12xf32>, tensor<12x16xf32>)
                     outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %ey = tensor.empty() : tensor<16xf32>
  %6 = linalg.generic {indexing_maps = [#vA, #vX, #vY], iterator_types = ["parallel", "reduction"]}
      ins(%m, %x : tensor<16x32xf16>, tensor<32xf16>) outs(%ey : tensor<16xf32>) {
  ^bb0(%p0: f16, %q0: f16, %acc: f32):
    %pe = arith.extf %p0 : f16 to f32
    %qe = arith.extf %q0 : f16 to f32
    %pr = arith.mulf %pe, %qe : f32
    %sm = arith.addf %acc, %pr : f32
    linalg.yield %sm : f32
  } -> tensor<16xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>,
      tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<8x16xf32>, tensor<16xf32>
}
