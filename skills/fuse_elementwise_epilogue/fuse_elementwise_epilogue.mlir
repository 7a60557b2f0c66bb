// fuse_elementwise_epilogue: the elementwise op right after a matmul that
// reads its result (bias add, ReLU, GELU, ...: the epilogue) runs in the
// matmul's kernel. Both are tiled alike, BM x BN outputs per block and
// TM x TN per thread, and their loops fused: each thread applies the
// epilogue to the outputs it has just summed in registers (K in steps of KT,
// as in matmul_register_tile), where the seed runs a second kernel that
// re-reads the whole result from global memory.

// Fails unless %epi is an elementwise 2-d op that reads %mm's result C at
// the indices it writes (not transposed: a thread reads only the outputs it
// computed) and writes neither operand of %mm (other blocks still read
// them). Sets are compared by counting: merging in a member adds nothing.
transform.named_sequence @ks_check_epilogue(%epi: !transform.any_op {transform.readonly},
                                            %mm: !transform.any_op {transform.readonly}) {
  %ins, %maps, %outs = transform.match.structured %epi
      : (!transform.any_op) -> (!transform.any_value, !transform.affine_map, !transform.any_value) {
  ^bb0(%e: !transform.any_op):
    transform.match.structured.body %e {elementwise} : !transform.any_op
    %rank = transform.match.structured.rank %e : (!transform.any_op) -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %two : !transform.param<i64>
    %i = transform.match.structured.input %e[all] : (!transform.any_op) -> !transform.any_value
    %im = transform.match.structured.input %e[all] : (!transform.any_op) -> !transform.affine_map
    %o = transform.match.structured.init %e[all] : (!transform.any_op) -> !transform.any_value
    %om = transform.match.structured.init %e[all] : (!transform.any_op) -> !transform.affine_map
    %m = transform.merge_handles deduplicate %im, %om : !transform.affine_map
    transform.match.structured.yield %i, %m, %o
        : !transform.any_value, !transform.affine_map, !transform.any_value
  }
  %a = transform.get_operand %mm[0] : (!transform.any_op) -> !transform.any_value
  %b = transform.get_operand %mm[1] : (!transform.any_op) -> !transform.any_value
  %c = transform.get_operand %mm[2] : (!transform.any_op) -> !transform.any_value
  // C is an input.
  %ins_u = transform.merge_handles deduplicate %ins : !transform.any_value
  %ins_c = transform.merge_handles deduplicate %ins, %c : !transform.any_value
  %n_ins = transform.num_associations %ins_u : (!transform.any_value) -> !transform.param<i64>
  %n_ins_c = transform.num_associations %ins_c : (!transform.any_value) -> !transform.param<i64>
  transform.match.param.cmpi eq %n_ins_c, %n_ins : !transform.param<i64>
  // No operand is transposed (elementwise allows projected permutations
  // only; in 2-d this is the one that is not the identity).
  %t = transform.param.constant affine_map<(d0, d1) -> (d1, d0)> -> !transform.affine_map
  %maps_t = transform.merge_handles deduplicate %maps, %t : !transform.affine_map
  %n_maps = transform.num_associations %maps : (!transform.affine_map) -> !transform.param<i64>
  %n_maps_t = transform.num_associations %maps_t : (!transform.affine_map) -> !transform.param<i64>
  transform.match.param.cmpi gt %n_maps_t, %n_maps : !transform.param<i64>
  // Neither A nor B is an output.
  %outs_u = transform.merge_handles deduplicate %outs : !transform.any_value
  %outs_a = transform.merge_handles deduplicate %outs, %a : !transform.any_value
  %outs_b = transform.merge_handles deduplicate %outs, %b : !transform.any_value
  %n_outs = transform.num_associations %outs_u : (!transform.any_value) -> !transform.param<i64>
  %n_outs_a = transform.num_associations %outs_a : (!transform.any_value) -> !transform.param<i64>
  %n_outs_b = transform.num_associations %outs_b : (!transform.any_value) -> !transform.param<i64>
  transform.match.param.cmpi gt %n_outs_a, %n_outs : !transform.param<i64>
  transform.match.param.cmpi gt %n_outs_b, %n_outs : !transform.param<i64>
  transform.yield
}

transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The epilogue is the linalg op right after the dispatch: fusion moves
  // the matmul down to it, which is safe only with no op in between. Each
  // op is paired with the next; the pair starting at %op gives it.
  %all = transform.structured.match interface{LinalgOp} in %func
      : (!transform.any_op) -> !transform.any_op
  %first, %rest = transform.split_handle %all {overflow_result = 1}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %after = transform.foreach %all, %rest with_zip_shortest
      : !transform.any_op, !transform.any_op -> !transform.any_op {
  ^bb0(%x: !transform.any_op, %y: !transform.any_op):
    // A failed check skips the rest: %next stays empty.
    %next = transform.match.structured failures(suppress) %y
        : (!transform.any_op) -> !transform.any_op {
    ^bb1(%yy: !transform.any_op):
      %x_op = transform.merge_handles deduplicate %x, %op : !transform.any_op
      %n = transform.num_associations %x_op : (!transform.any_op) -> !transform.param<i64>
      %one = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %n, %one : !transform.param<i64>
      %found = transform.merge_handles %yy : !transform.any_op
      transform.match.structured.yield %found : !transform.any_op
    }
    transform.yield %next : !transform.any_op
  }
  %n_after = transform.num_associations %after : (!transform.any_op) -> !transform.param<i64>
  %one = transform.param.constant 1 : i64 -> !transform.param<i64>
  transform.match.param.cmpi eq %n_after, %one : !transform.param<i64>
  %epi = transform.split_handle %after : (!transform.any_op) -> !transform.any_op
  transform.include @ks_check_epilogue failures(propagate) (%epi, %op)
      : (!transform.any_op, !transform.any_op) -> ()

  // Same block tiles for both, fused into one loop: the matmul's tile, then
  // the epilogue's.
  %mm_tile, %mm_blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BM}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %epi_tile, %epi_blocks = transform.structured.tile_using_forall %epi
      tile_sizes [${BM}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %blocks = transform.loop.fuse_sibling %mm_blocks into %epi_blocks
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  // Fusion consumed the tiles' handles: find them again, in order.
  %in_block = transform.structured.match interface{LinalgOp} in %blocks
      : (!transform.any_op) -> !transform.any_op
  %mm_b, %epi_b = transform.split_handle %in_block
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // Same thread tiles, fused: a thread's epilogue reads only the outputs
  // the thread computed, so no barrier is needed between the two.
  %mm_t, %mm_threads = transform.structured.tile_using_forall %mm_b
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %epi_t, %epi_threads = transform.structured.tile_using_forall %epi_b
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %threads = transform.loop.fuse_sibling %mm_threads into %epi_threads
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  %in_thread = transform.structured.match interface{LinalgOp} in %threads
      : (!transform.any_op) -> !transform.any_op
  %per_thread, %epi_thread = transform.split_handle %in_thread
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

  // The thread's matmul as in matmul_register_tile: TM x TN sums in a
  // private buffer (registers) across the K loop.
  %promoted = transform.structured.promote %per_thread
      {operands_to_promote = [2], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  %step, %k_loop = transform.structured.tile_using_for %promoted
      tile_sizes [0, 0, ${KT}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %step vector_sizes [${TM}, ${TN}, ${KT}]
      : !transform.any_op
  // The thread's epilogue as straight-line vector code: its read of the
  // outputs just stored is then forwarded from the registers (no load).
  transform.structured.vectorize %epi_thread : !transform.any_op
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
