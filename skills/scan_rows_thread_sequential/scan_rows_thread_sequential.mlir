// scan_rows_thread_sequential: an inclusive scan along short rows (cumsum,
// cumprod), which the frontend writes as a reduction over a triangular
// mask, a thread a row folded in order (the seed's association): a block
// of T threads stages its T consecutive rows in shared memory with
// coalesced loads (U of a thread in flight), each thread walks its row
// there U elements at a time, and the rows go back with coalesced stores.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: an input assembled from a slice and constants (an exclusive
  // scan's shifted input) is read from the slice in place.
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.scan_rows_thread %op {threads = ${T} : i64, unroll = ${U} : i64}
      : (!transform.any_op) -> !transform.any_op
  // The block's rows become static shared memory.
  %get_global = transform.ks.workgroup_allocs_to_globals %launch {alignment = 16}
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
