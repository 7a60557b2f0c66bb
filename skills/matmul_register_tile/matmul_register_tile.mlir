// matmul_register_tile: BM x BN output tiles per block, TM x TN per thread,
// and the reduction in steps of KT whose TM x TN partial sums stay in
// registers across the whole K loop (vectorized, the accumulator's loads
// and stores hoisted out of the loop). The seed re-reads and re-writes the
// output in global memory at every k.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BM}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %per_thread, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The thread's TM x TN outputs live in a private buffer (registers once
  // unrolled) for the whole K loop: copied in once, out once.
  %promoted = transform.structured.promote %per_thread
      {operands_to_promote = [2], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  %step, %k_loop = transform.structured.tile_using_for %promoted
      tile_sizes [0, 0, ${KT}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %step vector_sizes [${TM}, ${TN}, ${KT}]
      : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, ${TY}, 1] : (!transform.any_op) -> !transform.any_op
  // Mapping consumed the function's handle: find it again.
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  %hoisted = transform.structured.hoist_redundant_vector_transfers %kernel_func
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    transform.apply_patterns.vector.lower_outerproduct
    transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    transform.apply_patterns.vector.lower_broadcast
    transform.apply_patterns.vector.lower_transpose
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
