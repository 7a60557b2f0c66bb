// matmul_fma_pipelined_split_k: matmul_fma_pipelined (exact f32 FMAs in
// warp tiles) with K's steps also split KSPLIT ways across the grid's z:
// each block sums its stretch of K from zero and adds its tile to the
// output with atomic adds (the output holds its initial value, the fill or
// a bias, before the kernel). For GEMMs with few output tiles and a long K.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_mma_sync %op {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      thread_tile = array<i64: ${TM}, ${TN}>, stages = ${S} : i64, precision = "fma",
      min_blocks_per_sm = ${MINB} : i64, k_splits = ${KSPLIT} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
