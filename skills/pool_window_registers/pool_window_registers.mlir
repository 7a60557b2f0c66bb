// pool_window_registers: NCHW max or sum pooling (linalg.pooling_nchw_max,
// linalg.pooling_nchw_sum; loops batch, channel, row, column, then the
// window) with RT rows x CT neighbouring columns per thread and RT whole
// output rows of one channel of one image per block (grid: row groups x
// channels x images; TX threads x CT columns cover the row). The seed
// keeps each output in global memory across the window walk; here the
// RT x CT results stay in registers, start from the output's initializer
// (the -inf or zero fill, computed in registers; the fill kernel is gone),
// and the window is walked outside the row and column loops, so the
// overlapping inputs of neighbouring windows load once per thread.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: a padded input (max pooling's -inf border) is read from its
  // source in place, the border decided per element; its fill and copy
  // kernels go. The pooling is then a generic without that input, its
  // output operand one place earlier (OUTPUT).
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, 1, ${RT}, 0]
      (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [0, 0, 0, ${CT}] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %promoted = transform.structured.promote %one
      {operands_to_promote = [${OUTPUT}], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  %inits = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  transform.ks.init_from_producer %inits : !transform.any_op
  // EPI = 1: the elementwise op after the pooling that rewrites its output
  // in place (the average's division by the window) runs on the results in
  // registers as they are written; its kernel, a second pass over the
  // output, goes.
  %copies_back = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fold_epilogue_into_copy_back %copies_back {enabled = ${EPI} : i64}
      : !transform.any_op
  // Loops (n, c, oh, ow, kh, kw) -> (n, c, kh, kw, oh, ow).
  %generic = transform.structured.generalize %promoted
      : (!transform.any_op) -> !transform.any_op
  %walk = transform.structured.interchange %generic
      iterator_interchange = [0, 1, 4, 5, 2, 3]
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
