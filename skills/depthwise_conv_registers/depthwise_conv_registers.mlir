// depthwise_conv_registers: a direct depthwise NCHW convolution (loops
// batch, row, column, channel, then the window; one filter per channel, so
// nothing to reuse across channels) with RT rows x CT neighbouring columns
// per thread and RT whole output rows of one channel of one image per
// block (grid: row groups x channels x images; TX threads x CT columns
// cover the row). The seed maps the channel, its innermost parallel loop,
// to neighbouring threads, so their writes are a whole plane apart; here
// neighbouring threads write neighbouring columns. The RT x CT sums stay
// in registers while the window is walked outside the row and column
// loops, and the window's overlapping input loads, unrolled, are loaded
// once.
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: a padded input (the convolution's zero border) is read from
  // its source in place, the border decided per element; its fill and copy
  // kernels go. The convolution is then a generic without that input, its
  // output operand one place earlier (OUTPUT).
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${RT}, 0, 1]
      (mapping = [#gpu.block<z>, #gpu.block<x>, #gpu.block<y>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %one, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [0, 0, ${CT}, 0] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %promoted = transform.structured.promote %one
      {operands_to_promote = [${OUTPUT}], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  // The sums start from the output's initializer (the bias broadcast or
  // the zero fill), computed in registers, instead of from the output
  // written by it and read back; the initializer is gone.
  %inits = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  transform.ks.init_from_producer %inits : !transform.any_op
  // Loops (n, oh, ow, c, kh, kw) -> (n, c, kh, kw, oh, ow).
  %generic = transform.structured.generalize %promoted
      : (!transform.any_op) -> !transform.any_op
  %walk = transform.structured.interchange %generic
      iterator_interchange = [0, 3, 4, 5, 1, 2]
      : (!transform.any_op) -> !transform.any_op
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, 1, 1] : (!transform.any_op) -> !transform.any_op
  // One fma per multiply-accumulate instead of a mul.rn and an add.rn, in
  // this kernel only: another dispatch's multiply-add is its own skill's
  // to match (a tensor-core GEMM's expects a mulf and an addf).
  transform.apply_patterns to %mapped {
    transform.apply_patterns.ks.fuse_multiply_add
  } : !transform.any_op
  %kernel_func = transform.get_parent_op %mapped {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  // UNROLL = 1: the thread's tile and its window unrolled whole, so LLVM
  // loads each input element the tile's outputs share once; a loop over
  // the window rows left rolled reloads every row for each of them. (After
  // the canonicalization, which gives the tile's buffer its static shape.)
  %body = transform.structured.match ops{["linalg.generic"]} in %mapped
      : (!transform.any_op) -> !transform.any_op
  transform.ks.unroll_fully %body {enabled = ${UNROLL}} : !transform.any_op
  transform.apply_patterns to %kernel_func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
