// vectorize_128bit: a streaming dispatch (all loops parallel, one to three)
// in blocks of TX threads; each thread handles R rows of VEC contiguous
// elements of the innermost dim (block tiles R x BN, BN = VEC * TX; with
// three loops 1 x R x BN, the outermost along z; with one loop BN, R = 1). The thread's tile is
// vectorized into R loads and stores of vector<VECxf32>, marked aligned to
// their size where ks.align_vector_accesses proves it (the buffer a function
// argument, an allocation or a reshape of one, its layout and the index
// multiples of VEC): without the mark vector-to-llvm (run by
// convert-gpu-to-nvvm) aligns them to the element, 4 bytes, and the NVPTX
// backend splits each into VEC scalar ld.global.b32 / st.global.b32. The
// innermost range is a multiple of BN (`requires`), so each thread's vectors
// start at multiples of VEC elements. What a thread's tile reads at the same
// element at every point (a group norm's per-channel scale and shift,
// gathered through index arithmetic) is loaded before it
// (ks.hoist_body_loads): the vectorizer does not take loads in a body.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %one = transform.param.constant 1 : i64 -> !transform.param<i64>

  // Every operand f32: their element types and f32 make one type.
  %operands = transform.get_operand %op[all] : (!transform.any_op) -> !transform.any_value
  %elements = transform.get_type elemental %operands
      : (!transform.any_value) -> !transform.any_param
  %f32 = transform.param.constant f32 -> !transform.any_param
  %element_set = transform.merge_handles deduplicate %elements, %f32 : !transform.any_param
  %num_elements = transform.num_associations %element_set
      : (!transform.any_param) -> !transform.param<i64>
  transform.match.param.cmpi eq %num_elements, %one : !transform.param<i64>
  // Named ops (linalg.copy, ...) as linalg.generic, then the op in %op1,
  // %op2 or %op3 by its number of loops; the foreach over the others does
  // nothing.
  %generic = transform.structured.generalize %op : (!transform.any_op) -> !transform.any_op
  %op1 = transform.collect_matching @vectorize_128bit_rank_1 in %generic
      : (!transform.any_op) -> !transform.any_op
  %op2 = transform.collect_matching @vectorize_128bit_rank_2 in %generic
      : (!transform.any_op) -> !transform.any_op
  %op3 = transform.collect_matching @vectorize_128bit_rank_3 in %generic
      : (!transform.any_op) -> !transform.any_op
  // One loop (a stream collapsed whole, R = 1): BN elements a block.
  transform.foreach %op1 : !transform.any_op {
  ^bb0(%o: !transform.any_op):
    %tile, %blocks = transform.structured.tile_using_forall %o
        tile_sizes [${BN}] (mapping = [#gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %per_thread, %threads = transform.structured.tile_using_forall %tile
        tile_sizes [${VEC}] (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %per_thread vector_sizes [${VEC}] : !transform.any_op
  }
  transform.foreach %op2 : !transform.any_op {
  ^bb0(%o: !transform.any_op):
    %tile, %blocks = transform.structured.tile_using_forall %o
        tile_sizes [${R}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %per_thread, %threads = transform.structured.tile_using_forall %tile
        tile_sizes [0, ${VEC}] (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.ks.hoist_body_loads %per_thread : !transform.any_op
    transform.structured.vectorize %per_thread vector_sizes [${R}, ${VEC}] : !transform.any_op
  }
  transform.foreach %op3 : !transform.any_op {
  ^bb0(%o: !transform.any_op):
    %tile, %blocks = transform.structured.tile_using_forall %o
        tile_sizes [1, ${R}, ${BN}]
        (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %per_thread, %threads = transform.structured.tile_using_forall %tile
        tile_sizes [0, 0, ${VEC}] (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.ks.hoist_body_loads %per_thread : !transform.any_op
    transform.structured.vectorize %per_thread vector_sizes [1, ${R}, ${VEC}]
        : !transform.any_op
  }
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // Threads share nothing: no barrier.
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, 1, 1] sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op

  // The thread's R x VEC transfers as R 1-d vector.load / vector.store (a
  // bias broadcast along the rows: one load, then a broadcast) of the
  // buffers themselves (the tiles' subviews folded into the indices, which
  // the alignment is proved from).
  transform.apply_patterns to %mapped {
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // Views folded into the indices only once the transfers are 1-d: folded
  // into a 2-d transfer, an expand_shape that splits one dim into the two
  // the transfer spans (a [N, 4096] buffer read as [N, 32, 128]) would step
  // the transfer's rows along the buffer's dim 0.
  transform.apply_patterns to %mapped {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %mapped : !transform.any_op

  // The loads of VEC elements and the stores marked aligned where provably
  // so (others, e.g. of an operand broadcast along the innermost dim, keep
  // the element's alignment).
  transform.ks.align_vector_accesses %mapped : !transform.any_op
  transform.yield
}

// Matchers: the op itself if it has one (two, three) loops.
transform.named_sequence @vectorize_128bit_rank_1(%op: !transform.any_op {transform.readonly})
    -> !transform.any_op {
  transform.match.structured %op : !transform.any_op {
  ^bb0(%s: !transform.any_op):
    %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %one : !transform.param<i64>
  }
  transform.yield %op : !transform.any_op
}
transform.named_sequence @vectorize_128bit_rank_2(%op: !transform.any_op {transform.readonly})
    -> !transform.any_op {
  transform.match.structured %op : !transform.any_op {
  ^bb0(%s: !transform.any_op):
    %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %two : !transform.param<i64>
  }
  transform.yield %op : !transform.any_op
}
transform.named_sequence @vectorize_128bit_rank_3(%op: !transform.any_op {transform.readonly})
    -> !transform.any_op {
  transform.match.structured %op : !transform.any_op {
  ^bb0(%s: !transform.any_op):
    %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    transform.match.param.cmpi eq %rank, %three : !transform.param<i64>
  }
  transform.yield %op : !transform.any_op
}
