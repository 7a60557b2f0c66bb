// matmul_fma_pipelined: the GEMM in exact f32 fused multiply-adds on the
// CUDA cores (no tensor cores, no TF32 rounding). BM x BN output tiles per
// block, (BM / WM) x (BN / WN) warps of WM x WN outputs, each warp 32
// threads of TM x TN outputs in quads of 4 spread over the warp tile; A and
// B tiles of BK steps of K staged by cp.async into S padded shared buffers
// each (S - 1 K steps in flight, one barrier a step); per 4 K steps a thread
// reads its TM x 4 of A and 4 x TN of B 16 bytes at a time, free of bank
// conflicts, and does 4 x TM x TN FMAs on sums held in registers across K.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_mma_sync %op {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      thread_tile = array<i64: ${TM}, ${TN}>, stages = ${S} : i64, precision = "fma",
      min_blocks_per_sm = ${MINB} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
