// transform.ks.conv_implicit_gemm names what it cannot rewrite and
// rewrites nothing: a depthwise convolution (another op), a window of 27
// floats (the filter's rows are copied 16 bytes at a time) in 2-d, 1-d and
// 3-d and in a group of a grouped convolution, an f64 convolution. The rewrite itself: test/Skills/conv_implicit_gemm_tf32x3_mma.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @depthwise(%x: memref<2x8x10x10xf32>, %w: memref<8x3x3xf32>, %y: memref<2x8x8x8xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x8x10x10xf32>, memref<8x3x3xf32>) outs(%y : memref<2x8x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.depthwise_conv_2d_nchw_chw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg.conv_1d_ncw_fcw, linalg.conv_2d_nchw_fchw, linalg.conv_3d_ncdhw_fcdhw or linalg.conv_2d_ngchw_gfchw, got linalg.depthwise_conv_2d_nchw_chw}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @rgb(%x: memref<2x3x10x10xf32>, %w: memref<8x3x3x3xf32>, %y: memref<2x8x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x3x10x10xf32>, memref<8x3x3x3xf32>) outs(%y : memref<2x8x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the convolution as a GEMM: C x KH x KW = 27 must be a multiple of 4 (the filter's 16-byte copies)}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f64(%x: memref<2x4x10x10xf64>, %w: memref<8x4x3x3xf64>, %y: memref<2x8x8x8xf64>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x4x10x10xf64>, memref<8x4x3x3xf64>) outs(%y : memref<2x8x8x8xf64>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the convolution as a GEMM: an operand is not a static f32 buffer}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @conv1d_odd(%x: memref<2x9x66xf32>, %w: memref<12x9x3xf32>, %y: memref<2x12x64xf32>) {
  linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : memref<2x9x66xf32>, memref<12x9x3xf32>) outs(%y : memref<2x12x64xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_1d_ncw_fcw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the convolution as a GEMM: C x KW = 27 must be a multiple of 4 (the filter's 16-byte copies)}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @conv3d_odd(%x: memref<2x1x6x6x6xf32>, %w: memref<4x1x3x3x3xf32>, %y: memref<2x4x4x4x4xf32>) {
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : memref<2x1x6x6x6xf32>, memref<4x1x3x3x3xf32>) outs(%y : memref<2x4x4x4x4xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_3d_ncdhw_fcdhw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the convolution as a GEMM: C x KD x KH x KW = 27 must be a multiple of 4 (the filter's 16-byte copies)}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @grouped_odd(%x: memref<2x4x3x10x10xf32>, %w: memref<4x2x3x3x3xf32>, %y: memref<2x4x2x8x8xf32>) {
  linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x4x3x10x10xf32>, memref<4x2x3x3x3xf32>) outs(%y : memref<2x4x2x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_ngchw_gfchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot rewrite the convolution as a GEMM: C x KH x KW = 27 must be a multiple of 4 (the filter's 16-byte copies)}}
    %mm = transform.ks.conv_implicit_gemm %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
