// conv_output_registers: a direct convolution (NCHW output, four parallel
// loops: batch, channel, row, column) with one output column per thread
// (each image of the batch in turn), BX neighbouring columns per block
// (coalesced writes and, at stride 1, reads),
// and the thread's running sum in a private buffer (a register) across the
// whole channel x window walk. The seed re-reads and re-writes the output
// in global memory at every step of that walk, which also orders every load
// after a store.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // Blocks: one filter (z) and one output row (y) of BX columns (x); the
  // batch is walked inside, so any batch size fits the grid.
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [0, 1, 1, ${BX}]
      (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %column, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [0, 0, 0, 1] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %images = transform.structured.tile_using_for %column
      tile_sizes [1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The running sum: the output element copied in once, out once.
  %promoted = transform.structured.promote %one
      {operands_to_promote = [2], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${BX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
