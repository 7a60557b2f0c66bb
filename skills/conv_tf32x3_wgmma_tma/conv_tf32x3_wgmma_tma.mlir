// conv_tf32x3_wgmma_tma: an NCHW convolution as an implicit GEMM on sm_90a's
// warpgroup tensor cores at fp32 accuracy: the filter's [F, K] tiles by TMA
// into S shared slots, the windows gathered by the threads (one pixel each,
// through a constant table of each k's offset and tap), both split into
// TF32 parts and remainders in the 128-byte swizzled layout wgmma reads,
// three wgmma products per k8 slice, two warpgroups per 128-pixel tile.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.conv_tf32x3_wgmma %op {block_n = ${BN} : i64, stages = ${S} : i64, promote_every = ${P} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
