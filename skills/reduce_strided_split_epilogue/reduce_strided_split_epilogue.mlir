// reduce_strided_split_epilogue: a reduction along a loop that is not the
// contiguous one, too long for one thread to keep (a log-softmax's maximum
// and sum of exponentials over 1000 channels of [N, C, P]), and the
// elementwise op right after it that reads its input again (x - max -
// log(sum)), in one kernel. Both are tiled alike to blocks of BX
// neighbouring points (coalesced) and fused; in a block of BX x S threads
// thread (x, y) folds rows y, y + S, ... of column x, keeping them in
// registers, the S partials meet in shared memory, and the same thread
// then computes the epilogue at the rows it folded from its registers
// (ks.column_split, ks.row_registers: ks-distribute-warp-reductions and
// ks-forward-row-values). The input crosses DRAM once.
// Fails unless %epi, the op right after the dispatch, is an elementwise op
// over [N, C, P] (the reduced loop in the middle).
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The epilogue is the linalg op right after the dispatch (see
  // reduce_strided_epilogue): each op paired with the next.
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
  // Both split alike among the block's threads, each thread's rows kept
  // in its registers.
  %split = transform.param.constant ${S} : i64 -> !transform.param<i64>
  transform.annotate %in_block "ks.column_split" = %split
      : !transform.any_op, !transform.param<i64>
  transform.annotate %in_block "ks.row_registers" : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // All BX x S threads run the block's two ops; no forall to distribute,
  // this only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${BX}, ${S}, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
