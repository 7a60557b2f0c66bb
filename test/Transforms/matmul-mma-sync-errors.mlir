// transform.ks.matmul_mma_sync names the condition a contraction or its
// parameters do not meet, and builds nothing: here K's steps that do not
// split k_splits ways, and an epilogue with split-K (no block has the whole
// sum). The kernels themselves: test/Skills/matmul_tf32x3_mma*.mlir.
// RUN: ks-opt %s --transform-interpreter --split-input-file --verify-diagnostics

func.func @uneven_split(%a: memref<64x2048xf32>, %b: memref<2048x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x2048xf32>, memref<2048x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel: K's 128 steps of 16 do not split 3 ways}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 64, 64, 16>, warp_tile = array<i64: 32, 32>,
        stages = 3 : i64, precision = "tf32x3", k_splits = 3 : i64}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @split_with_epilogue(%a: memref<64x2048xf32>, %b: memref<2048x64xf32>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x2048xf32>, memref<2048x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %relu = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot apply the epilogue: with k_splits > 1 no block has the whole sum}}
    %launch = transform.ks.matmul_mma_sync %mm epilogue(%relu) {
        block_tile = array<i64: 64, 64, 16>, warp_tile = array<i64: 32, 32>,
        stages = 3 : i64, precision = "tf32x3", k_splits = 4 : i64}
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}
