// matmul_bf16_wgmma_tma: a bf16 (or f16) GEMM with f32 sums on sm_90's
// warpgroup tensor cores. One warpgroup per 128 x 128 tile; thread 0 keeps
// S - 1 K steps of TMA loads (128-byte swizzled 128 x 64 tiles of A, 64 x
// 128 of B) in flight into S shared slots, each guarded by an mbarrier;
// each K step is one nvgpu.warpgroup.mma (wgmma m64n128k16) on descriptors
// of its slot; the sums go through shared memory and are added to C a row
// at a time.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.matmul_wgmma_tma %op {stages = ${S} : i64, warpgroups = ${WG} : i64}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
