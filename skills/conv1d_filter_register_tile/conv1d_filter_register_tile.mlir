// conv1d_filter_register_tile: a direct NCW 1-D convolution (loops batch,
// filter, column, then channel x window) with FT filters x CT neighbouring
// columns per thread and one image, FT filters and BX columns per block
// (grid: images x filter groups x column groups). The FT x CT running sums
// stay in registers across the channel x window walk, which is interchanged
// outside the filter and column loops: each input load feeds FT
// multiply-adds and each filter load (the same for the whole block) CT.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${FT}, ${BX}]
      (mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %columns, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [0, 0, ${CT}] (mapping = [#gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %promoted = transform.structured.promote %columns
      {operands_to_promote = [2], use_alloca}
      : (!transform.any_op) -> !transform.any_op
  // The sums start from the output's initializer (the bias broadcast or
  // the zero fill), computed in registers, instead of from the output
  // written by it and read back; the initializer is gone.
  %inits = transform.structured.match ops{["linalg.copy"]} in %threads
      : (!transform.any_op) -> !transform.any_op
  transform.ks.init_from_producer %inits : !transform.any_op
  // Loops (n, f, ow, c, kw) -> (n, c, kw, f, ow).
  %generic = transform.structured.generalize %promoted
      : (!transform.any_op) -> !transform.any_op
  %walk = transform.structured.interchange %generic
      iterator_interchange = [0, 3, 4, 1, 2]
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
  transform.yield
}
