// batch_matmul_smem_tile: matmul_smem_tile for each matrix of a batch (a
// block's tile is in one matrix: the batch is the grid's z). BM x BN output
// tiles per block, K in steps of BK; at
// each step the block's threads copy the BM x BK tile of A and the BK x BN
// tile of B into shared (workgroup) memory, 4 contiguous elements per copy,
// and each thread then computes TM x TN outputs from shared memory in steps
// of KT (vectorized, FMAs), its partial sums held in registers across the
// whole K loop. Barriers follow each copy and the compute (the next step's
// copies overwrite the tiles). Each element of A is loaded from global
// memory N / BN times (B: M / BM), against N / TN (M / TM) with register
// tiling alone.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${BM}, ${BN}]
      (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %step, %k_loop = transform.structured.tile_using_for %tile
      tile_sizes [0, 0, 0, ${BK}]
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
      tile_sizes [0, ${AR}, 4]
      (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %thread_b, %forall_b = transform.structured.tile_using_forall %copy_b
      tile_sizes [0, ${BR}, 4]
      (mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %thread_a vector_sizes [1, ${AR}, 4]
      : !transform.any_op
  transform.structured.vectorize %thread_b vector_sizes [1, ${BR}, 4]
      : !transform.any_op
  // The compute: TM x TN outputs per thread, KT steps of K per vector op.
  %per_thread, %threads = transform.structured.tile_using_forall %promoted
      tile_sizes [0, ${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %kt_step, %kt_loop = transform.structured.tile_using_for %per_thread
      tile_sizes [0, 0, 0, ${KT}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.structured.vectorize %kt_step vector_sizes [1, ${TM}, ${TN}, ${KT}]
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
