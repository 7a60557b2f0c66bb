// The script of a test skill that always fails on a matmul (it is no
// convolution): ks-tune-first-choices-fallback.mlir.
transform.named_sequence @apply(%op: !transform.any_op {transform.consumed}) {
  %img, %rest = transform.structured.convert_conv2d_to_img2col %op
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
  transform.yield
}
