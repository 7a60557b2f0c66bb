// matmul_smem_epilogue: matmul_smem_tile with the elementwise op right
// after the matmul that reads its result (bias add, ReLU, GELU, ...: the
// epilogue) in the same kernel. Both are tiled alike, BM x BN outputs per
// block, their block loops fused; the matmul's K loop runs through shared
// memory as in matmul_smem_tile, then each thread applies the epilogue to
// the TM x TN outputs it has just written (the same tile: no other thread's
// results are read), instead of a second kernel re-reading the whole
// result. (fuse_elementwise_epilogue does the same around the register
// tile without shared memory.)

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
  %in_block = transform.structured.match interface{LinalgOp} in %blocks
      : (!transform.any_op) -> !transform.any_op
  %mm_b, %epi_b = transform.split_handle %in_block
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The epilogue per thread, TM x TN outputs as the matmul's: after the K
  // loop (and the barrier that follows it) each thread reads back only
  // what it wrote.
  %epi_t, %epi_threads = transform.structured.tile_using_forall %epi_b
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %epi_t vector_sizes [${TM}, ${TN}] : !transform.any_op
  // The matmul as matmul_smem_tile.
  %step, %k_loop = transform.structured.tile_using_for %mm_b
      tile_sizes [0, 0, ${BK}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The step's A and B tiles are copied (linalg.copy) into buffers in the
  // workgroup address space; alloca_to_global makes them module-level
  // globals, which outlining copies into the kernel's module (.shared).
  // 16-byte aligned for the 4-wide vector accesses.
  %promoted = transform.structured.promote %step
      {operands_to_promote = [0, 1], use_alloca,
       memory_space = #gpu.address_space<workgroup>}
      : (!transform.any_op) -> !transform.any_op
  %allocas = transform.structured.match ops{["memref.alloca"]} in %k_loop
      : (!transform.any_op) -> !transform.op<"memref.alloca">
  %get_global, %global = transform.memref.alloca_to_global %allocas
      : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
  %align = transform.param.constant 16 : i64 -> !transform.param<i64>
  transform.annotate %global "alignment" = %align
      : !transform.any_op, !transform.param<i64>
  // Static shapes for the buffers' views, so that the copies tile evenly.
  transform.apply_patterns to %blocks {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // Each copy is spread over all TX * TY threads (linear ids): AR (BR) rows
  // of 4 consecutive elements per thread, consecutive threads on
  // consecutive elements (coalesced).
  %copies = transform.structured.match ops{["linalg.copy"]} in %k_loop
      : (!transform.any_op) -> !transform.any_op
  %copy_a, %copy_b = transform.split_handle %copies
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %thread_a, %forall_a = transform.structured.tile_using_forall %copy_a
      tile_sizes [${AR}, 4]
      (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %thread_b, %forall_b = transform.structured.tile_using_forall %copy_b
      tile_sizes [${BR}, 4]
      (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %thread_a vector_sizes [${AR}, 4]
      : !transform.any_op
  transform.structured.vectorize %thread_b vector_sizes [${BR}, 4]
      : !transform.any_op
  // The compute: TM x TN outputs per thread, KT steps of K per vector op.
  %per_thread, %threads = transform.structured.tile_using_forall %promoted
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %kt_step, %kt_loop = transform.structured.tile_using_for %per_thread
      tile_sizes [0, 0, ${KT}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %kt_step vector_sizes [${TM}, ${TN}, ${KT}]
      : !transform.any_op
  // Mapping to threads puts a gpu.barrier after each of the three loops.
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, ${TY}, 1] : (!transform.any_op) -> !transform.any_op
  // Subviews folded into the accesses, the thread's reads and writes of C
  // are loop-invariant: hoisted out of both K loops, the sums become loop
  // values (registers).
  transform.apply_patterns to %mapped {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %mapped : !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %hoisted = transform.structured.hoist_redundant_vector_transfers %kernel_func
      : (!transform.any_op) -> !transform.any_op
  // Sums of an output with views elsewhere (a GEMM result reshaped for its
  // return) are refused by the upstream hoisting: carried in registers too.
  transform.ks.carry_running_tiles %hoisted : !transform.any_op
  // mulf + reduction -> vector.contract -> outer products -> vector.fma.
  // Broadcasts are left to the device pipeline: lower_broadcast and
  // canonicalization undo each other when TM = 1.
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.reduction_to_contract
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    transform.apply_patterns.vector.lower_outerproduct
    transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    transform.apply_patterns.vector.lower_transpose
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // Down to 1-D vector.load / vector.store here: the device pipeline's
  // vector-to-llvm has no mapping for #gpu.address_space, convert-gpu-to-nvvm
  // (which lowers these) does.
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.transfer_to_scf full_unroll = true
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // The 4-wide global accesses marked 16-byte aligned where provably so
  // (ld.global.v4 instead of 4 scalar loads).
  transform.ks.align_vector_accesses %hoisted : !transform.any_op
  transform.yield
}
