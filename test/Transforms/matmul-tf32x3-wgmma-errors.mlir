// transform.ks.matmul_tf32x3_wgmma names the condition a contraction or
// its parameters do not meet, and builds nothing: B with N contiguous (wgmma
// reads TF32 operands K-major only), N that 128 does not divide, a fourth
// 64 KB slot, fewer K steps than slots ahead, bf16 operands, no promotion,
// an epilogue that writes the GEMM's A.
// The kernel itself: test/Skills/matmul_tf32x3_wgmma_tma.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @n_contiguous_b(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: the target is not C[M, N] += A[M, K] * B[N, K] (wgmma reads TF32 operands with K contiguous only)}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @ragged_n(%a: memref<128x64xf32>, %b: memref<200x64xf32>, %c: memref<128x200xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x64xf32>, memref<200x64xf32>) outs(%c : memref<128x200xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: N = 200 must be a multiple of 128, K = 64 of 32}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @four_stages(%a: memref<128x256xf32>, %b: memref<128x256xf32>, %c: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x256xf32>, memref<128x256xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: stages = 4 is not 2 or 3 (64 KB of shared memory a slot, 227 KB an SM)}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 4 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @short_k(%a: memref<128x32xf32>, %b: memref<128x32xf32>, %c: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x32xf32>, memref<128x32xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: fewer K steps than the pipeline keeps in flight}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @bf16(%a: memref<128x64xbf16>, %b: memref<128x64xbf16>, %c: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x64xbf16>, memref<128x64xbf16>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: an operand is not a static row-major f32 buffer}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 2 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @no_promotion(%a: memref<128x64xf32>, %b: memref<128x64xf32>, %c: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x64xf32>, memref<128x64xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a 3xTF32 wgmma kernel: promote_every must be at least 1}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm {stages = 2 : i64, promote_every = 0 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
func.func @epilogue_writes_a(%a: memref<128x128xf32>, %b: memref<128x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%a, %b : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<128x128xf32>) outs(%a : memref<128x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %epi = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot apply the epilogue: the epilogue writes an operand of the contraction}}
    %launch = transform.ks.matmul_tf32x3_wgmma %mm epilogue(%epi) {stages = 2 : i64}
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
