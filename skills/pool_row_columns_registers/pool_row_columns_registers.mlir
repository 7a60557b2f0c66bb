// pool_row_columns_registers: NCHW max or sum pooling of one output row per
// channel (a 1-d pooling seen as [N, C, 1, W], as Torch-MLIR writes
// max_pool1d) with long rows: blocks of TX threads cover TX x CT columns of
// the row (grid: column tiles x channels x images), CT neighbouring
// columns a thread, so CT = 1 gives each warp 32 neighbouring windows
// (its loads two floats apart) where pool_window_registers, a block per
// whole row, needs W / 1024 columns a thread on rows longer than 1024. As
// there, the results stay in registers from the output's initializer, the
// window is walked outside the columns, and FOLD = 1 reads a padded input's
// source in place. A row that TX x CT columns do not divide leaves its
// last columns to the seed lowering (transform.ks.split_remainder).
transform.named_sequence @apply(%target: !transform.any_op {transform.consumed}) {
  // FOLD = 1: a padded input (max pooling's -inf border) is read from its
  // source in place, the border decided per element; its fill and copy
  // kernels go. The pooling is then a generic without that input, its
  // output operand one place earlier (OUTPUT).
  %op = transform.ks.read_padding_in_place %target {enabled = ${FOLD} : i64}
      : (!transform.any_op) -> !transform.any_op
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // A row that BW columns do not divide: its last columns become an op of
  // their own, which the seed lowering takes.
  %main, %rest = transform.ks.split_remainder %op {dimension = 3 : i64, multiple = ${BW} : i64}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // A block: TX x CT columns of one output row (of one), one channel, one
  // image; the row loop (a single row) is left whole.
  %tile, %blocks = transform.structured.tile_using_forall %main
      tile_sizes [1, 1, 0, ${BW}]
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
