// transform.ks.matmul_wgmma_tma names the condition a contraction or its
// parameters do not meet, and builds nothing: N that two warpgroups' 256
// columns do not divide, slots that cannot hold the sums, a third
// warpgroup, f32 operands. The kernel itself:
// test/Skills/matmul_bf16_wgmma_tma.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @narrow_n(%a: memref<128x128xbf16>, %b: memref<128x384xbf16>, %c: memref<128x384xf32>) {
  linalg.matmul ins(%a, %b : memref<128x128xbf16>, memref<128x384xbf16>) outs(%c : memref<128x384xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a wgmma kernel: M = 128 must be a multiple of 128, N = 384 of 256, K = 128 of 64}}
    %launch = transform.ks.matmul_wgmma_tma %mm {stages = 3 : i64, warpgroups = 2 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @few_slots(%a: memref<128x512xbf16>, %b: memref<512x256xbf16>, %c: memref<128x256xf32>) {
  linalg.matmul ins(%a, %b : memref<128x512xbf16>, memref<512x256xbf16>) outs(%c : memref<128x256xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a wgmma kernel: stages = 2 slots of 48 KB do not fit in 227 KB of shared memory or do not hold the 128 KB of sums}}
    %launch = transform.ks.matmul_wgmma_tma %mm {stages = 2 : i64, warpgroups = 2 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @three_warpgroups(%a: memref<128x512xbf16>, %b: memref<512x384xbf16>, %c: memref<128x384xf32>) {
  linalg.matmul ins(%a, %b : memref<128x512xbf16>, memref<512x384xbf16>) outs(%c : memref<128x384xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a wgmma kernel: warpgroups = 3 is not 1 or 2}}
    %launch = transform.ks.matmul_wgmma_tma %mm {stages = 3 : i64, warpgroups = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f32_operands(%a: memref<128x512xf32>, %b: memref<512x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x512xf32>, memref<512x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a wgmma kernel: A and B are not both bf16 or both f16}}
    %launch = transform.ks.matmul_wgmma_tma %mm {stages = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
