// pool3d_window_registers: 3-d max or sum pooling (loops n, then four
// output dimensions, then the three of the window: the frontend's NCDHW
// max pooling generic, linalg.pooling_ndhwc_sum / _max) with DT x RT x CT
// outputs per thread along loops 2, 3 and 4, CT of them neighbours along
// the innermost loop (the output's contiguous dimension, so a warp's TX
// threads read and write side by side). A block is TX x TY threads over
// DT x (TY * RT) x (TX * CT) outputs, TX * CT the whole innermost loop,
// of one index of loop 1 (grid: row groups x plane groups x loop 1), each
// thread walking the images. As in pool_window_registers the results stay
// in registers from the output's initializer (whose kernel goes) and the
// window is walked outside a thread's outputs, so the inputs that
// neighbouring windows share (a stride below the window) load once per
// thread.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: a padded input (max pooling's -inf border) is read from its
  // source in place, the border decided per element; its fill and copy
  // kernels go. The pooling is then a generic without that input, its
  // output operand one place earlier (OUTPUT).
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // Blocks: DT planes x BH rows (whole rows of the innermost loop) of one
  // index of loop 1; the grid has three dimensions, so the images (loop 0)
  // are walked by each thread, one at a time.
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [0, 1, ${DT}, ${BH}, 0]
      (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %all, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [0, 0, 0, ${RT}, ${CT}]
      (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %images = transform.structured.tile_using_for %all tile_sizes [1]
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
  // Loops (n, p, d, h, w, kd, kh, kw) -> (n, p, kd, kh, kw, d, h, w).
  %generic = transform.structured.generalize %promoted
      : (!transform.any_op) -> !transform.any_op
  %walk = transform.structured.interchange %generic
      iterator_interchange = [0, 1, 5, 6, 7, 2, 3, 4]
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, ${TY}, 1] : (!transform.any_op) -> !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
