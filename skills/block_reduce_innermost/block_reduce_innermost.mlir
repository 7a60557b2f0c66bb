// block_reduce_innermost: a reduction along the innermost, contiguous loop
// over few long rows (softmax over 32768 columns, group and instance norm
// statistics over a whole group or plane) with one block per row. The row's
// op is marked ks.block_reduce = E for ks-distribute-warp-reductions: thread
// t folds elements t*E .. t*E+E-1 of every T*E, warps combine by shuffles,
// the warps' totals meet in shared memory. A warp per row (the other skill)
// leaves such rows to 32 threads each and the GPU mostly idle.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %row, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1] (mapping = [#gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %per_thread = transform.param.constant ${E} : i64 -> !transform.param<i64>
  transform.annotate %row "ks.block_reduce" = %per_thread
      : !transform.any_op, !transform.param<i64>
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // All T threads of the block run the row's op; no forall to distribute,
  // this only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${T}, 1, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
