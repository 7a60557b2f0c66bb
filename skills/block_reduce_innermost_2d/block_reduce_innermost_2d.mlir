// block_reduce_innermost_2d: block_reduce_innermost for a reduction along
// the innermost, contiguous loop whose rows are indexed by two parallel
// loops that cannot merge into one (an eval-mode batch norm's per-channel
// parameters fused into a global average pool over [N, C, H*W]: they read
// the channel loop alone). One block per (outer, inner) row, the inner
// loop on the grid's x so that neighbouring blocks read neighbouring rows;
// the row's op is marked ks.block_reduce = E for
// ks-distribute-warp-reductions as in the one-loop skill.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %row, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, 1] (mapping = [#gpu.block<y>, #gpu.block<x>])
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
