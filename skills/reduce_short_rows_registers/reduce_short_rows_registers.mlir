// reduce_short_rows_registers: a reduction of many outputs over a short
// innermost loop (a block scan's masked folds over 32-element chunks: 4M
// outputs of 32 steps each). One output per thread, TY x TX outputs per
// block with neighbouring threads on neighbouring outputs of the second
// loop (which share the rows they read: one load serves the warp); the
// whole walk (U steps) is one vector op and its result a register: the
// output is read once and written once, not at every step.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // Rows on the grid's x (up to 2^31 - 1 blocks; y stops at 65535).
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${TY}, ${TX}] (mapping = [#gpu.block<x>, #gpu.block<y>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [1, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %one vector_sizes [1, 1, ${U}]
      : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, ${TY}, 1] : (!transform.any_op) -> !transform.any_op
  // Subviews folded into the accesses.
  transform.apply_patterns to %mapped {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %mapped : !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.vector.transfer_to_scf full_unroll = true
  } : !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
