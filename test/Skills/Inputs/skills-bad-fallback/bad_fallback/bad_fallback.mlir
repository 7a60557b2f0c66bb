// A test script: tiles the dispatch into blocks of B x B.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %t, %f = transform.structured.tile_using_forall %op tile_sizes [${B}, ${B}]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.yield
}
