// reduce_strided_block_split: a reduction along a loop that is not the
// contiguous one (a max, sum or argmin over the middle dim of [B, R, C])
// with few outputs for its length: BX neighbouring outputs per block along
// x (a warp reads neighbouring addresses: coalesced), and S threads along y
// per output, each folding every S-th row of it into a register. The op is
// marked ks.column_split = S for ks-distribute-warp-reductions, which
// writes each thread's unrolled walk and folds the S partials of a column
// through shared memory. One thread per output (reduce_strided_registers,
// argreduce_strided_registers) leaves 16384 outputs of 4096 rows as 512
// warps on 132 SMs, each walking 4096 rows with a few loads in flight.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${BX}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %split = transform.param.constant ${S} : i64 -> !transform.param<i64>
  transform.annotate %tile "ks.column_split" = %split
      : !transform.any_op, !transform.param<i64>
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  // All BX x S threads run the tile's op; no forall to distribute, this
  // only sets the block size.
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${BX}, ${S}, 1]
      sync_after_distribute = false
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
