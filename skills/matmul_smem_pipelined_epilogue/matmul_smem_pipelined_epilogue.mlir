// matmul_smem_pipelined_epilogue: matmul_smem_pipelined (cp.async copies
// of the A and B tiles into double-buffered shared memory, two K steps
// ahead of the compute) with the elementwise op right after the matmul that
// reads its result (bias add, ReLU, GELU: the epilogue) in the same kernel,
// as matmul_smem_epilogue does for matmul_smem_tile: both tiled alike,
// their block loops fused, each thread applying the epilogue to the TM x TN
// outputs it has just written.

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
  %func0 = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The epilogue is the linalg op right after the dispatch: fusion moves
  // the matmul down to it, which is safe only with no op in between. Each
  // op is paired with the next; the pair starting at %op gives it.
  %all = transform.structured.match interface{LinalgOp} in %func0
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
  %fused_blocks = transform.loop.fuse_sibling %mm_blocks into %epi_blocks
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  %in_block = transform.structured.match interface{LinalgOp} in %fused_blocks
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
  // The matmul as matmul_smem_pipelined.
  %step, %k_loop0 = transform.structured.tile_using_for %mm_b
      tile_sizes [0, 0, ${BK}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The workgroup-memory mapping allocates typed buffers (memref.alloc at
  // the function's entry, which multibuffer needs, not i8 + view) and copies
  // with memref.copy between barriers; ks-memref-copy-to-linalg turns those
  // into linalg.copy, tiled over the threads below.
  %promoted0 = transform.structured.promote %step
      {operands_to_promote = [0, 1], mapping = [#gpu.memory_space<workgroup>]}
      : (!transform.any_op) -> !transform.any_op
  %func1 = transform.apply_registered_pass "ks-memref-copy-to-linalg" to %func0
      : (!transform.any_op) -> !transform.any_op
  // Two buffers per tile: step k uses buffer (k / BK) % 2.
  // Only the two tiles: the host function's own buffers (an intermediate
  // the matmul reads) are allocations too.
  %a_tiles = transform.structured.match ops{["memref.alloc"]}
      filter_result_type = memref<${BM}x${BK}xf32, #gpu.address_space<workgroup>> in %func1
      : (!transform.any_op) -> !transform.op<"memref.alloc">
  %b_tiles = transform.structured.match ops{["memref.alloc"]}
      filter_result_type = memref<${BK}x${BN}xf32, #gpu.address_space<workgroup>> in %func1
      : (!transform.any_op) -> !transform.op<"memref.alloc">
  %allocs = transform.merge_handles deduplicate %a_tiles, %b_tiles
      : !transform.op<"memref.alloc">
  %mb = transform.memref.multibuffer %allocs {factor = 2 : i64, skip_analysis}
      : (!transform.op<"memref.alloc">) -> !transform.any_op
  transform.apply_patterns to %func1 {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // The block loop (the epilogue's thread loop is a forall inside it).
  %blocks = transform.structured.match ops{["scf.forall"]}
      attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %func1
      : (!transform.any_op) -> !transform.any_op
  %promoted = transform.structured.match ops{["linalg.matmul", "linalg.generic"]} in %blocks
      : (!transform.any_op) -> !transform.any_op
  // Each copy is spread over all TX * TY threads (linear ids): AR (BR) rows
  // of 4 consecutive elements per thread, consecutive threads on
  // consecutive elements (coalesced).
  %copies = transform.structured.match ops{["linalg.copy"]} in %blocks
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
  transform.ks.fit_grid_to_limits %func1 : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func1 generate_gpu_launch
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
  // Barriers that order nothing go (one of the two around the loop's back
  // edge). Here, while the tiles are allocations (told apart from the
  // arguments; globals are not) and before the C accesses are hoisted (the
  // analysis looks past the loop, where the read of C before it and the
  // write after it would conflict). The one between the A and B copies
  // stays: upstream's analysis keeps it, so each K step is two cp.async
  // groups (see the waits below).
  transform.apply_patterns to %mapped {
    transform.apply_patterns.gpu.eliminate_barriers
  } : !transform.any_op
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
  // (which lowers these) does. (create_async_groups also needs 1-D
  // load/store pairs.)
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.transfer_to_scf full_unroll = true
  } : !transform.any_op
  transform.apply_patterns to %hoisted {
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // The (multibuffered) workgroup tiles, allocated at the host function's
  // entry and used by the launch, become module globals, which outlining
  // copies into the kernel's module (.shared); their get_global is cloned
  // into the launch. Host buffers are left alone.
  %get_global = transform.ks.workgroup_allocs_to_globals %hoisted {alignment = 16}
      : (!transform.any_op) -> !transform.any_op
  %func2 = transform.get_parent_op %get_global {op_name = "func.func", deduplicate}
      : (!transform.any_op) -> !transform.any_op
  // Into this skill's launch, the one using the tiles (other dispatches'
  // launches may be in the function: the steps below work in this one).
  %tile_a, %tile_b = transform.split_handle %get_global
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %tile_users = transform.get_consumers_of_result %tile_a[0]
      : (!transform.any_op) -> !transform.any_op
  %launch2 = transform.get_parent_op %tile_users {op_name = "gpu.launch", deduplicate}
      : (!transform.any_op) -> !transform.any_op
  %fused, %launch3 = transform.structured.fuse_into_containing_op %get_global
      into %launch2
      : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.apply_patterns to %func2 {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %func2 : !transform.any_op
  // The KT loop fully unrolled: the pipeliner takes only flat loop bodies.
  // (match walks post-order: the inner KT loop comes first.)
  %loops = transform.structured.match ops{["scf.for"]} in %launch3
      : (!transform.any_op) -> !transform.any_op
  %kt_loop_1, %k_loop_1 = transform.split_handle %loops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.loop.unroll %kt_loop_1 {factor = ${KU}} : !transform.any_op
  // Global -> shared vector load/store pairs -> nvgpu.device_async_copy
  // (cp.async.cg, 16 bytes), one group per run, each followed by a wait.
  %async = transform.nvgpu.create_async_groups %launch3 {bypass_l1}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %async {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // Software pipelining, depth 2: copies (and the barriers before them) at
  // stage 0, the rest at stage 2; the epilogue peeled (no predication).
  %k_loop = transform.structured.match ops{["scf.for"]} in %async
      : (!transform.any_op) -> !transform.any_op
  %pipelined = transform.nvgpu.pipeline_shared_memory_copies failures(propagate)
      %k_loop {depth = 2, peel_epilogue} : (!transform.any_op) -> !transform.any_op
  // A step's A and B copies are one group, or two where a barrier stays
  // between them; the pipeliner's waits assume one. Counted per loop: each
  // wait leaves the later steps' groups in flight, no more (two fixed would
  // leave a one-group step's own copy pending). The peeled epilogue keeps
  // the pipeliner's 1 and 0 (conservative, correct).
  transform.ks.set_pipelined_async_waits %pipelined : !transform.any_op
  transform.apply_patterns to %async {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // The 4-wide global accesses marked 16-byte aligned where provably so
  // (ld.global.v4 instead of 4 scalar loads).
  transform.ks.align_vector_accesses %async : !transform.any_op
  transform.yield
}
