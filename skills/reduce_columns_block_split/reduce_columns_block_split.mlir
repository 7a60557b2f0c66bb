// reduce_columns_block_split: a matrix's rows folded into one value per
// column (a sum, max or argmin over dim 0) with many columns: BX
// neighbouring columns per block along x (a warp reads neighbouring
// addresses: coalesced), and S threads along y per column, each folding
// every S-th row into a register. The op is marked ks.column_split = S for
// ks-distribute-warp-reductions, which writes each thread's unrolled walk
// and folds the S partials of a column through shared memory, in a fixed
// order (an f32 sum's in f64): the result does not depend on the order in
// which blocks run, as atomically added stretches (reduce_columns_split_atomic)
// do.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BX}] (mapping = [#gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %split = transform.param.constant ${S} : i64 -> !transform.param<i64>
  transform.annotate %tile "ks.column_split" = %split
      : !transform.any_op, !transform.param<i64>
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // All BX x S threads run the tile's op; no forall to distribute, this
  // only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${BX}, ${S}, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
