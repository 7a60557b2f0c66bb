// transpose_batched_smem_tile: a batched transpose of the last two dims
// (out[b, i, j] = in[b, j, i]; what ks-collapse-transpose-dims leaves of a
// channels-last layout change or a cumsum over a middle dim) through shared
// memory. A block per batch element and TI x TJ tile (the batch on the
// grid's z, loop 1's tiles on x, which takes the most blocks), TX x TY
// threads. The block copies its input tile into shared memory with
// neighbouring threads on neighbouring input columns (coalesced reads, loop
// 1 walks the input's contiguous dim), then writes the output tile with
// neighbouring threads on neighbouring output columns (coalesced writes),
// reading the shared tile down its columns. TI and TJ apart: a dim of 24
// channels takes a tile of 24, not partial tiles of 32. The shared tile's
// rows are padded by one element (ks.pad_innermost): a column's elements
// then sit in different banks.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  %tile, %blocks = transform.structured.tile_using_forall %op
      tile_sizes [1, ${TI}, ${TJ}]
      (mapping = [#gpu.block<z>, #gpu.block<x>, #gpu.block<y>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %promoted = transform.structured.promote %tile
      {operands_to_promote = [0], use_alloca,
       memory_space = #gpu.address_space<workgroup>}
      : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %blocks {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  %views = transform.structured.match ops{["memref.view"]} in %blocks
      : (!transform.any_op) -> !transform.any_op
  transform.ks.pad_innermost %views {padding = 1} : !transform.any_op
  %allocas = transform.structured.match ops{["memref.alloca"]} in %blocks
      : (!transform.any_op) -> !transform.op<"memref.alloca">
  %get_global, %global = transform.memref.alloca_to_global %allocas
      : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
  // A byte array: aligned for the 4-byte elements (.align 1 otherwise).
  %align = transform.param.constant 16 : i64 -> !transform.param<i64>
  transform.annotate %global "alignment" = %align
      : !transform.any_op, !transform.param<i64>
  // The copy in: neighbouring threads on neighbouring input columns.
  %copy = transform.structured.match ops{["linalg.copy"]} in %blocks
      : (!transform.any_op) -> !transform.any_op
  %thread_copy, %copy_threads = transform.structured.tile_using_forall %copy
      num_threads [0, ${TY}, ${TX}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // The transpose out: neighbouring threads on neighbouring output columns.
  %transpose = transform.structured.match ops{["linalg.transpose"]} in %blocks
      : (!transform.any_op) -> !transform.any_op
  %thread_out, %out_threads = transform.structured.tile_using_forall %transpose
      num_threads [0, ${TY}, ${TX}] (mapping = [#gpu.thread<y>, #gpu.thread<x>])
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  // A batch past grid z's limit goes to x.
  transform.ks.fit_grid_to_limits %func : !transform.any_op
  // Mapping puts a barrier after each thread loop: the copy is complete
  // before any thread reads another's columns.
  %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch
      : (!transform.any_op) -> !transform.any_op
  %mapped = transform.gpu.map_nested_forall_to_threads %launch
      block_dims = [${TX}, ${TY}, 1] : (!transform.any_op) -> !transform.any_op
  transform.apply_patterns to %mapped {
    transform.apply_patterns.memref.fold_memref_alias_ops
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.yield
}
