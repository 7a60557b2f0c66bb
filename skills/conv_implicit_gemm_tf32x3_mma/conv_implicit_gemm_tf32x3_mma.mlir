// conv_implicit_gemm_tf32x3_mma: an NCHW convolution as a GEMM on tensor
// cores at fp32 accuracy that reads its windows in place. The convolution
// becomes a contraction Y[n, f, p] += W[f, k] * X[window of (p, k)] whose
// map onto X does the window arithmetic (floordiv and mod by constants);
// the 3xTF32 GEMM kernel copies W's tiles by 16-byte cp.async and gathers
// X's [BK x BN] tiles element by element (4-byte cp.async) into S padded
// shared buffers, then mma.sync m16n8k8 on TF32 parts and remainders.
// FOLD = 1 also reads a zero-padded input's source in place of the padded
// copy (its fill and copy kernels are gone; each gathered element checks
// the padding).
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %gemm = transform.ks.conv_implicit_gemm %op : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.matmul_mma_sync %gemm {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      stages = ${S} : i64, precision = "tf32x3", fold_padding = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
