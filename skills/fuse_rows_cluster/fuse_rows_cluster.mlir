// fuse_rows_cluster: a row chain (a norm's reduction and the ops after it)
// over rows too long for one block's registers, split among the C blocks of
// a thread-block cluster (sm_90): block b takes the part b mod C of row
// b / C, each of its T threads keeps its E consecutive elements of every
// T*E in registers from op to op (ks.fuse_row_chain with
// keep_rows_in_registers), and each reduction's block totals meet through
// distributed shared memory, combined in rank order by every block alike.
// A row is read from memory once and written once, whatever its length up
// to C * 64 * T elements.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %rows = transform.ks.fuse_row_chain %op {warp_rows = 0, elements_per_thread = ${E},
      keep_rows_in_registers = ${V}, cluster_blocks = ${C},
      reciprocal_divisors = ${RCP}}
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // The cluster's shape is the kernel's own (.reqnctapercluster): an
  // ordinary launch then runs the blocks of a row together.
  %dims = transform.param.constant array<i32: ${C}, 1, 1> -> !transform.any_param
  transform.annotate %launch "nvvm.cluster_dim" = %dims
      : !transform.any_op, !transform.any_param
  // M blocks an SM at least: ptxas caps each thread's registers to fit
  // them, so one block's loads overlap another's reductions.
  %min_blocks = transform.param.constant ${M} : i32 -> !transform.any_param
  transform.annotate %launch "nvvm.minctasm" = %min_blocks
      : !transform.any_op, !transform.any_param
  // All T threads run every op of the row: this only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${T}, 1, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
