// scan_columns_thread_sequential: an inclusive scan (cumsum, cumprod) along
// a dim other than the innermost, which the frontend writes as a reduction
// over a triangular mask, scanned where it lies (no transposes): a column
// is a (row, inner place) pair, a block of C x S threads owns C consecutive
// columns (consecutive in memory: coalesced loads and stores). S = 1: a
// thread walks its column in order (the seed's association, PyTorch's
// along such a dim), U loads in flight a trip. S > 1: the column's S chunks
// are folded by S threads, the partials combined through shared memory,
// and each chunk rescanned from its carry-in.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.scan_columns %target {columns = ${C} : i64, chunks = ${S} : i64,
                                               unroll = ${U} : i64}
      : (!transform.any_op) -> !transform.any_op
  // The chunks' partials (S > 1) become static shared memory.
  %get_global = transform.ks.workgroup_allocs_to_globals %launch {alignment = 16}
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
