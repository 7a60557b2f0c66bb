// matmul_tf32x3_mma: the GEMM on tensor cores at fp32 accuracy. BM x BN
// output tiles per block, (BM / WM) x (BN / WN) warps of WM x WN outputs;
// A and B tiles of BK columns (rows) staged by cp.async into S shared
// buffers each (S - 1 K steps in flight), padded so the fragment reads are
// free of bank conflicts; each warp's sums in registers across K, computed
// by mma.sync m16n8k8 on TF32 operands, three products per step (each
// operand split into a TF32 part and a TF32 remainder: 3xTF32).
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_mma_sync %op {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      stages = ${S} : i64, precision = "tf32x3"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
