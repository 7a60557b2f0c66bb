// transform.ks.conv_tf32x3_wgmma names the condition a convolution or its
// parameters do not meet, and builds nothing: F that block_n does not
// divide, a block_n other than 32, 64 or 128, a fourth 64 KB slot
// (block_n = 128), a 9x9 window (81 taps: more than a pixel's 64-bit mask
// holds), fewer K steps than slots ahead, no promotion, and a target that
// is not an NCHW convolution.
// The kernel itself: test/Skills/conv_tf32x3_wgmma_tma.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @f_not_block_n(%x: memref<1x32x10x10xf32>, %w: memref<64x32x3x3xf32>, %y: memref<1x64x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x10x10xf32>, memref<64x32x3x3xf32>) outs(%y : memref<1x64x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: F = 64 must be a multiple of block_n = 128}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 128 : i64, stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @odd_block_n(%x: memref<1x32x10x10xf32>, %w: memref<96x32x3x3xf32>, %y: memref<1x96x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x10x10xf32>, memref<96x32x3x3xf32>) outs(%y : memref<1x96x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: block_n = 96 is not 32, 64 or 128}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 96 : i64, stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @four_slots(%x: memref<1x32x10x10xf32>, %w: memref<128x32x3x3xf32>, %y: memref<1x128x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x10x10xf32>, memref<128x32x3x3xf32>) outs(%y : memref<1x128x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: stages = 4 is not at least 2 or does not fit an SM (64 KB of shared memory a slot, 227 KB an SM)}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 128 : i64, stages = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @few_steps(%x: memref<1x32x3x3xf32>, %w: memref<64x32x1x1xf32>, %y: memref<1x64x3x3xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x3x3xf32>, memref<64x32x1x1xf32>) outs(%y : memref<1x64x3x3xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: fewer K steps than the pipeline keeps in flight}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 64 : i64, stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @no_promotion(%x: memref<1x32x10x10xf32>, %w: memref<64x32x3x3xf32>, %y: memref<1x64x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x10x10xf32>, memref<64x32x3x3xf32>) outs(%y : memref<1x64x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: promote_every must be at least 1}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 64 : i64, stages = 3 : i64, promote_every = 0 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @many_taps(%x: memref<1x32x16x16xf32>, %w: memref<64x32x9x9xf32>, %y: memref<1x64x8x8xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x32x16x16xf32>, memref<64x32x9x9xf32>) outs(%y : memref<1x64x8x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma convolution kernel: a window of 81 taps (KH x KW) is more than the 64 a pixel's mask holds}}
    %launch = transform.ks.conv_tf32x3_wgmma %conv {block_n = 64 : i64, stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_conv(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg.conv_2d_nchw_fchw, got linalg.matmul}}
    %launch = transform.ks.conv_tf32x3_wgmma %mm {block_n = 64 : i64, stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
