// block_thread_tile_2d: the first two (parallel) loops of the dispatch are
// split into BM x BN tiles, one per thread block, and each tile into
// TM x TN outputs per thread (a TY x TX block); loops after them (a matmul's
// K) run inside each thread. Replaces the seed's one-output-per-thread
// mapping: fewer threads, each reusing what it loads TM or TN times.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [${BM}, ${BN}] (mapping = [#gpu.block<y>, #gpu.block<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %per_thread, %threads = transform.structured.tile_using_forall %tile
      tile_sizes [${TM}, ${TN}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  transform.gpu.map_nested_forall_to_threads %launch block_dims = [${TX}, ${TY}, 1]
      : (!transform.any_op) -> !transform.any_op
  transform.yield
}
