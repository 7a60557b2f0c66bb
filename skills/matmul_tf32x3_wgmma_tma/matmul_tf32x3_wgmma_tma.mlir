// matmul_tf32x3_wgmma_tma: an f32 GEMM with both operands K-contiguous (a
// linear layer's x W^T) on sm_90a's warpgroup tensor cores at fp32
// accuracy: TMA loads into S shared slots (S - 1 K steps in flight), each
// step's tiles split in shared memory into TF32 parts and remainders, three
// wgmma products per k8 slice, two warpgroups per 128 x 128 tile.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_tf32x3_wgmma %op {stages = ${S} : i64, promote_every = ${P} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
