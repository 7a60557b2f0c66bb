// warp_reduce_innermost: a reduction along the innermost, contiguous loop
// (row sums, row maxima, softmax's max and sum, layernorm's mean and
// variance) with one warp per row, R rows (warps) per block. The row's op
// is marked ks.warp_reduce = E for ks-distribute-warp-reductions, which
// splits it over the warp's lanes: lane l folds elements l*E .. l*E+E-1 of
// every 32*E (a warp reads 32*E contiguous elements per step), and the 32
// partial results meet in a butterfly of gpu.shuffle xor (shfl.sync.bfly).
// Replaces the seed's one thread walking a whole row, whose neighbouring
// threads read a row length apart (uncoalesced), with few threads in all.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${R}] (mapping = [#gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // One row per warp: all 32 lanes of the warp run the row's op.
  %row, %warps = transform.structured.tile_using_forall %tile
      tile_sizes [1] (mapping = [#gpu.warp<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %per_lane = transform.param.constant ${E} : i64 -> !transform.param<i64>
  transform.annotate %row "ks.warp_reduce" = %per_lane
      : !transform.any_op, !transform.param<i64>
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // Warps share nothing: no barrier after the rows.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${T}, 1, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
