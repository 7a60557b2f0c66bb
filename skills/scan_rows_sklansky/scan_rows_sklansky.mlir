// scan_rows_sklansky: an inclusive scan along the rows (cumsum, cumprod),
// which the frontend writes as a reduction over a triangular mask: the seed
// folds each output's whole prefix (n^2 / 2 operations a row of n). One
// block of T threads scans a row, SEG elements at a time in shared memory,
// in chunks of W associated as PyTorch's CUDA scan associates them (a
// Sklansky scan per chunk whose first element takes the running total):
// the chunks' partial prefixes in log2(W) parallel levels, thread 0 carries
// the total through each chunk's log2(W) + 1 positions that need it, every
// other element combines its prefix with one of those.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %launch = transform.ks.scan_rows %op {chunk = ${W} : i64, segment = ${SEG} : i64,
                                        threads = ${T} : i64}
      : (!transform.any_op) -> !transform.any_op
  // The segment buffer becomes static shared memory (.shared).
  %get_global = transform.ks.workgroup_allocs_to_globals %launch {alignment = 16}
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
