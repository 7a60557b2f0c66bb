// reduce_strided_split_atomic: a sum along a loop that is not the
// contiguous one, with the reduction also split across blocks (a
// multi-block reduction): block (x, y, z) sums the z-th stretch of RS
// elements for BX neighbouring outputs, one output per thread (a warp reads
// neighbouring addresses at every step: coalesced), its running sum in a
// register starting from zero, the walk U elements per step, and adds the
// sum to the output with one atomic add (ks.accumulate_atomically). Few
// outputs over a long reduction otherwise leave most SMs idle (16 x 1024
// outputs are 124 threads an SM), and a sequential sum of the whole walk
// loses accuracy with its length: here each thread adds RS elements, then
// R / RS partial sums land in the output.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${BX}, ${RS}] (mapping = [#gpu.block<y>, #gpu.block<x>, #gpu.block<z>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [1, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %step, %walk = transform.structured.tile_using_for %one
      tile_sizes [0, 0, ${U}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %step vector_sizes [1, 1, ${U}]
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
  // output once after the loop. (Upstream's hoist_redundant_vector_transfers
  // refuses a buffer with views, and a keepdim output is one.)
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
