// matmul_tf32x3_wgmma_tma_epilogue: matmul_tf32x3_wgmma_tma (3xTF32 on
// sm_90a's warpgroup tensor cores, both operands K-contiguous) with the
// elementwise op right after the GEMM (bias add, ReLU, GELU: the epilogue)
// applied in the same kernel: each thread applies it to the outputs it has
// just stored. ks.matmul_tf32x3_wgmma checks the epilogue (2-d,
// elementwise, reads the result where it writes, writes neither operand)
// and fails naming what does not hold.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %func = transform.get_parent_op %op {op_name = "func.func"}
      : (!transform.any_op) -> !transform.any_op
  // The epilogue is the linalg op right after the dispatch: the kernel
  // takes both places, safe only with no op in between. Each op is paired
  // with the next; the pair starting at %op gives it.
  %all = transform.structured.match interface{LinalgOp} in %func
      : (!transform.any_op) -> !transform.any_op
  %first, %rest = transform.split_handle %all {overflow_result = 1}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  %after = transform.foreach %all, %rest with_zip_shortest
      : !transform.any_op, !transform.any_op -> !transform.any_op {
  ^bb0(%x: !transform.any_op, %y: !transform.any_op):
    %next = transform.match.structured failures(suppress) %y
        : (!transform.any_op) -> !transform.any_op {
    ^bb1(%yy: !transform.any_op):
      %x_op = transform.merge_handles deduplicate %x, %op : !transform.any_op
      %n = transform.num_associations %x_op : (!transform.any_op) -> !transform.param<i64>
      %one = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.match.param.cmpi eq %n, %one : !transform.param<i64>
      %found = transform.merge_handles %yy : !transform.any_op
      transform.match.structured.yield %found : !transform.any_op
    }
    transform.yield %next : !transform.any_op
  }
  %epi = transform.split_handle %after : (!transform.any_op) -> !transform.any_op
  %launch = transform.ks.matmul_tf32x3_wgmma %op epilogue(%epi) {stages = ${S} : i64, promote_every = ${P} : i64}
      : (!transform.any_op, !transform.any_op) -> !transform.any_op
  transform.apply_patterns to %launch {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %launch : !transform.any_op
  transform.yield
}
