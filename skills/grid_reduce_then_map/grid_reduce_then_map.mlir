// grid_reduce_then_map: a sum of a whole buffer (split by
// ks-split-large-reductions into partial and final stages) and the
// elementwise op over the buffer that uses it (a Frobenius norm's x /
// sqrt(sum(x * x))) as one persistent kernel of G blocks of T threads: pass
// 1 sums the buffer, each thread keeping R of its 16-byte vectors in
// registers and S in shared memory; the blocks meet at a grid barrier and
// fold their totals in one fixed order; pass 2 computes the op from what
// was kept, re-reading the rest (read last, from the L2). The buffer is
// read from DRAM about once instead of twice. G blocks must fit the GPU at
// once (one an SM here): the runtime refuses a launch that cannot.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.grid_reduce_then_map %op {blocks = ${G}, threads = ${T},
      register_vectors = ${R}, shared_vectors = ${S}, interleaved = ${L}}
      : (!transform.any_op) -> !transform.any_op
  // One block an SM: ptxas may give each of the T threads 65536 / T
  // registers for the R vectors it keeps.
  %min_blocks = transform.param.constant 1 : i32 -> !transform.any_param
  transform.annotate %launch "nvvm.minctasm" = %min_blocks
      : !transform.any_op, !transform.any_param
  transform.yield
}
