// fuse_rows_block: a row reduction and the ops after it over the same rows
// (softmax: max, exp(x - max), sum, divide; a norm: mean, variance,
// normalize) in one kernel with one block of T threads per row, instead of
// a kernel per op each reading the rows from memory again. The chain is
// found and cut to rows by ks.fuse_row_chain; every op of a row is split
// among the block's threads alike (thread t: elements t*E .. t*E+E-1 of
// every T*E), so intermediate rows are read back from the L1/L2 lines the
// same thread wrote, and the reductions combine through shuffles and shared
// memory (ks-distribute-warp-reductions). For few, long rows.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %rows = transform.ks.fuse_row_chain %op {warp_rows = 0, elements_per_thread = ${E},
      keep_rows_in_registers = ${V},
      reciprocal_divisors = ${RCP}}
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // M blocks an SM at least: ptxas caps each thread's registers to fit
  // them (KL's row kernel: 59 registers, 4 blocks of 256; with M = 5, 48
  // and 5 blocks, 0.0608 -> 0.0595 ms on the H100).
  %min_blocks = transform.param.constant ${M} : i32 -> !transform.any_param
  transform.annotate %launch "nvvm.minctasm" = %min_blocks
      : !transform.any_op, !transform.any_param
  // All T threads run every op of the row: this only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${T}, 1, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
