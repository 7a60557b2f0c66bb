// reduce_strided_epilogue: a reduction along a loop that is not the
// contiguous one (RMS norm's sum of squares over channels of [N, C, P])
// and the elementwise op right after it that reads its input again with
// the result broadcast along the reduced loop (x / sqrt(mean + eps)), in
// one kernel. Both are tiled alike, one point of the kept loops per thread
// and BX neighbouring points per block (coalesced), and fused: a thread
// sums its column of C values in a register (from the output's initializer,
// whose kernel goes), then normalizes the same column, whose C values it
// has just read and finds in L1 or L2 instead of DRAM. The input crosses
// DRAM once where two kernels read it twice.
// Fails unless %epi, the op right after the dispatch, is tiled by the same
// loops: an elementwise op over [N, C, P] (the reduced loop in the middle).
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The epilogue is the linalg op right after the dispatch (see
  // fuse_elementwise_epilogue): each op paired with the next.
  %all = transform.structured.match interface{LinalgOp} in %func
      : (!transform.any_op) -> !transform.any_op
  %first, %rest = transform.split_handle %all {overflow_result = 1}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %after = transform.foreach %all, %rest with_zip_shortest
      : !transform.any_op, !transform.any_op -> !transform.any_op {
  ^bb0(%x: !transform.any_op, %y: !transform.any_op):
    %next = transform.match.structured failures(suppress) %y
        : (!transform.any_op) -> !transform.any_op {
    ^bb1(%yy: !transform.any_op):
      transform.match.structured.body %yy {elementwise} : !transform.any_op
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

  // The same blocks for both: the reduction's loops (n, p, c), the
  // epilogue's (n, c, p).
  %red_tile, %red_blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${BX}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %epi_tile, %epi_blocks = transform.structured.tile_using_forall %epi
      tile_sizes [1, 0, ${BX}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %blocks = transform.loop.fuse_sibling %red_blocks into %epi_blocks
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  %in_block = transform.structured.match interface{LinalgOp} in %blocks
      : (!transform.any_op) -> !transform.any_op
  %red_b, %epi_b = transform.split_handle %in_block
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The same threads: a thread's epilogue reads only the result it summed.
  %red_t, %red_threads = transform.structured.tile_using_forall %red_b
      tile_sizes [1, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %epi_t, %epi_threads = transform.structured.tile_using_forall %epi_b
      tile_sizes [1, 0, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %threads = transform.loop.fuse_sibling %red_threads into %epi_threads
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  %in_thread = transform.structured.match interface{LinalgOp} in %threads
      : (!transform.any_op) -> !transform.any_op
  %per_thread, %epi_thread = transform.split_handle %in_thread
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

  // The running result in a register, from the output's initializer.
  %promoted = transform.structured.promote %per_thread
      {operands_to_promote = [1], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  %inits = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  %copy_in, %copy_out = transform.split_handle %inits
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.ks.init_from_producer %copy_in : !transform.any_op
  %step, %walk = transform.structured.tile_using_for %promoted
      tile_sizes [0, 0, ${U}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %loops = transform.structured.convert_to_loops %step
      : (!transform.any_op) -> !transform.any_op
  %outer, %middle, %inner = transform.split_handle %loops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.loop.unroll %inner {factor = ${U}} : !transform.any_op
  // The epilogue's walk along the reduced loop, unrolled alike; what it
  // reads at the same place every step (the thread's result, and what is
  // computed from it alone) is loaded and computed once.
  %epi_step, %epi_walk = transform.structured.tile_using_for %epi_thread
      tile_sizes [0, ${U}, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %epi_loops = transform.structured.convert_to_loops %epi_step
      : (!transform.any_op) -> !transform.any_op
  %e_outer, %e_middle, %e_inner = transform.split_handle %epi_loops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.loop.unroll %e_middle {factor = ${U}} : !transform.any_op
  transform.ks.hoist_invariant_loads %epi_walk : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${BX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  // Every load here is the thread's own (its column of the input, its sum,
  // its register): marked ks.row_owned, ks-forward-row-values gives the
  // epilogue the values the walk loaded where both are unrolled whole
  // (U = C), and the column is read from memory once.
  %loads = transform.structured.match ops{["memref.load"]} in %mapped
      : (!transform.any_op) -> !transform.any_op
  transform.annotate %loads "ks.row_owned" : !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
