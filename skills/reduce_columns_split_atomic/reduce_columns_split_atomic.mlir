// reduce_columns_split_atomic: a matrix's rows summed into one value per
// column, the rows also split across blocks: block (x, y) sums the y-th
// stretch of RS rows for BX neighbouring columns, one column per thread (a
// warp reads neighbouring addresses at every step: coalesced), its running
// sum in a register from zero, U rows a step, added to the output with one
// atomic add (ks.accumulate_atomically). A thread per column over all the
// rows leaves most SMs idle when the columns are a few thousand (8192
// columns are 62 threads an SM) and walks thousands of rows in sequence.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BX}, ${RS}] (mapping = [#gpu.block<x>, #gpu.block<y>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [1] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %step, %walk = transform.structured.tile_using_for %one
      tile_sizes [0, ${U}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %step vector_sizes [1, ${U}]
      : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${BX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %mapped {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %mapped : !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The thread's read and write of its output at every step become the
  // loop's carried value (a register), starting from zero, added to the
  // output once after the loop.
  %loops = transform.structured.match ops{["scf.for"]} in %kernel_func
      : (!transform.any_op) -> !transform.any_op
  transform.apply_licm to %loops : !transform.any_op
  transform.ks.accumulate_atomically %kernel_func : !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
