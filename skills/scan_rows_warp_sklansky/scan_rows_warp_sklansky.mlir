// scan_rows_warp_sklansky: an inclusive scan along the rows (cumsum,
// cumprod), which the frontend writes as a reduction over a triangular
// mask, associated as PyTorch's CUDA scan (chunks of W, each a Sklansky
// scan whose first element takes the running total), with the levels in
// registers: a block of T threads a row, a warp CW consecutive chunks, a
// lane W / 32 consecutive elements of each (levels within a lane as
// additions of registers, the five across lanes one shuffle each); thread
// 0 carries the total through each chunk's log2(W) + 1 positions.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: an input assembled from a slice and constants (an exclusive
  // scan's shifted input: a zero column, then the row less its last
  // element) is read from the slice in place, the constants decided per
  // element; the copies that assembled it go.
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.scan_rows_warp %op
      {chunk = ${W} : i64, threads = ${T} : i64, chunks_per_warp = ${CW} : i64}
      : (!transform.any_op) -> !transform.any_op
  // The segment buffer and the chunks' spines become static shared memory.
  %get_global = transform.ks.workgroup_allocs_to_globals %launch {alignment = 16}
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
