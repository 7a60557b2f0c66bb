// matmul_smem_pipelined: matmul_smem_tile with the A and B tile copies as
// asynchronous copies (cp.async, 16 bytes, L1 bypassed) into double-buffered
// shared memory, software-pipelined: the copies of K step k + 2 are issued
// right after step k's compute, so those of step k + 1 are in flight while
// step k computes. BM x BN output tiles per block, K in steps of BK, TM x TN
// outputs per thread from shared memory in steps of KT (FMAs), sums in
// registers across K. Per K step: wait for step k's copies (this thread's),
// barrier (everyone's), compute from buffer k % 2, barrier (everyone done
// reading it), issue step k + 2's copies into it.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func0 = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks0 = transform.structured.tile_using_forall %op
      tile_sizes [${BM}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %step, %k_loop0 = transform.structured.tile_using_for %tile
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
  // The block loop (the only one: other dispatches are launches or linalg
  // ops); the matmul in it, named or generic (the copies are linalg.copy).
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
