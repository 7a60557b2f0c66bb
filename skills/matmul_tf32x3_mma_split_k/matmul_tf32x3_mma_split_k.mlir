// matmul_tf32x3_mma_split_k: matmul_tf32x3_mma with K also split across
// the grid's z (split-K). Block (x, y, z) computes its BM x BN tile's sum
// over the z-th of KSPLIT stretches of K on tensor cores (cp.async into S
// padded shared buffers, mma.sync m16n8k8, three TF32 products a step),
// from zero, and adds it to C with atomic adds. A 128 x 1000 GEMM with
// K = 4096 has 32 tiles of 64 x 64 for 132 SMs; split four ways, 128.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_mma_sync %op {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      stages = ${S} : i64, precision = "tf32x3", k_splits = ${KSPLIT} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
