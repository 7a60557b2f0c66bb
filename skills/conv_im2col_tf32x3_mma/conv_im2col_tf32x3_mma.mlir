// conv_im2col_tf32x3_mma: an NCHW convolution as im2col and a batched GEMM
// on tensor cores at fp32 accuracy. Every window is copied once into
// cols[N, C x KH x KW, OH x OW] (a kernel of its own, one thread an element,
// from the seed mapping), the filter broadcast over the images, and
// Y[n] += W[F, C x KH x KW] x cols[n] computed by the 3xTF32 GEMM kernel:
// BM x BN output tiles (filters x pixels) per block, cp.async into S padded
// shared buffers, mma.sync m16n8k8 on TF32 parts and remainders.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %matmul = transform.ks.conv_im2col %op : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.matmul_mma_sync %matmul {
      block_tile = array<i64: ${BM}, ${BN}, ${BK}>, warp_tile = array<i64: ${WM}, ${WN}>,
      stages = ${S} : i64, precision = "tf32x3"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
