// conv_implicit_gemm_fma_pipelined: a convolution as an implicit GEMM (the
// im2col matrix as an indexing map: no copy of the windows), computed in
// exact f32 FMAs: the filter's tiles copied 16 bytes at a time, the
// input's gathered element by element (window offsets from a constant
// table over K), S shared stages, warp tiles of 32 threads with TM x TN
// outputs each. FOLD = 1 reads a zero-padded input's source in place.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %gemm = transform.ks.conv_implicit_gemm %op : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.matmul_mma_sync %gemm {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      thread_tile = array<i64: ${TM}, ${TN}>, stages = ${S} : i64, precision = "fma",
      min_blocks_per_sm = ${MINB} : i64, fold_padding = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
