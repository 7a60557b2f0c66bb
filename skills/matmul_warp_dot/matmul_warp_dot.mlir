transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${R}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %dot, %warps = transform.structured.tile_using_forall %tile
      tile_sizes [0, 1] (mapping = [#gpu.warp<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %per_lane = transform.param.constant ${E} : i64 -> !transform.param<i64>
  transform.annotate %dot "ks.warp_reduce" = %per_lane
      : !transform.any_op, !transform.param<i64>
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${T}, 1, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
