// argreduce_strided_registers: an argmax or argmin along a loop that is not
// the contiguous one (torch.argmax(x, dim=1) of [B, R, C]): a reduction
// with two outputs, the running value and its index, both kept in
// registers. As reduce_strided_registers otherwise: one output per thread, BX neighbouring outputs per block (the threads of
// a warp read neighbouring addresses at every step: coalesced), the
// thread's running result in a private buffer (a register) instead of being
// re-read and re-written in global memory at every step, and the walk
// unrolled by U so that U independent loads are in flight. The seed's
// store to the output at every step also orders each load after it.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${BX}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [1, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The running value and index (operands 1 and 2: one input, two
  // outputs): copied in once, out once.
  %promoted = transform.structured.promote %one
      {operands_to_promote = [1, 2], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  %step, %walk = transform.structured.tile_using_for %promoted
      tile_sizes [0, 0, ${U}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %loops = transform.structured.convert_to_loops %step
      : (!transform.any_op) -> !transform.any_op
  // The 1 x 1 x U step's loops, outermost first: unroll the U one.
  %outer, %middle, %inner = transform.split_handle %loops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.loop.unroll %inner {factor = ${U}} : !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${BX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
