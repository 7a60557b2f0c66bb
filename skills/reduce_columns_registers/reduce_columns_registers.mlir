// reduce_columns_registers: a reduction over the rows of a matrix into one
// value per column, the reduction along the loop that is not the contiguous
// one (the first stage of a split full reduction: a loss's or a norm's
// 16M elements folded into 65536 partial sums, each over 256 elements
// 65536 apart). One output per thread, BX neighbouring columns per block
// (a warp reads neighbouring addresses at every step: coalesced), the
// running result in a private buffer (a register) and the walk unrolled by
// U so that U loads (of each input) are in flight; the seed walks with one
// load in flight per thread and stores the running sum at every step.
// Operand OUT (the number of inputs) is the output kept in a register.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BX}] (mapping = [#gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [1] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The running result: copied in once, out once.
  %promoted = transform.structured.promote %one
      {operands_to_promote = [${OUT}], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  // The running result starts from the output's initializer (a fill's
  // value, computed in the register) instead of the initializer's kernel
  // writing it and the copy-in reading it back; the fill's kernel goes.
  %copies = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  %copy_in, %copy_out = transform.split_handle %copies
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.ks.init_from_producer %copy_in : !transform.any_op
  %step, %walk = transform.structured.tile_using_for %promoted
      tile_sizes [0, ${U}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %loops = transform.structured.convert_to_loops %step
      : (!transform.any_op) -> !transform.any_op
  // The 1 x U step's loops, outermost first: unroll the U one.
  %outer, %inner = transform.split_handle %loops
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
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
