// transform.ks.matmul_mma_sync names the condition a contraction or its
// parameters do not meet, and builds nothing: here K's steps that do not
// split k_splits ways, and an epilogue with split-K (no block has the whole
// sum), and contractions with a gathered operand it cannot evaluate or
// that are not GEMMs; for precision "fma", a missing thread_tile, one with
// another precision, and thread tiles that do not make warps of 32
// threads or are not quads of 4. The kernels themselves:
// test/Skills/matmul_tf32x3_mma*.mlir, matmul_fma_pipelined.mlir.
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

// -----

// A gather whose index divides a term with a negative coefficient (p - k
// + 63): the kernel's unsigned division is right only for non-negative
// terms, which the check sees by their signs.
func.func @gather_negative_division(%a: memref<32x64xf32>, %x: memref<2x64x64xf32>, %c: memref<2x32x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, m, p, k) -> (m, k)>,
                                   affine_map<(n, m, p, k) -> (n, k, (p - k + 63) floordiv 2)>,
                                   affine_map<(n, m, p, k) -> (n, m, p)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %x : memref<32x64xf32>, memref<2x64x64xf32>) outs(%c : memref<2x32x64xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel: a gather's map divides other than a non-negative term by a positive constant}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 32, 64, 16>, warp_tile = array<i64: 16, 32>,
        stages = 2 : i64, precision = "tf32x3"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A gathered B that also reads M: not a GEMM operand.
func.func @gather_reads_m(%a: memref<32x64xf32>, %x: memref<2x64x128xf32>, %c: memref<2x32x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, m, p, k) -> (m, k)>,
                                   affine_map<(n, m, p, k) -> (n, k, p + m)>,
                                   affine_map<(n, m, p, k) -> (n, m, p)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %x : memref<32x64xf32>, memref<2x64x128xf32>) outs(%c : memref<2x32x64xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel: B must read K and N and not M}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 32, 64, 16>, warp_tile = array<i64: 16, 32>,
        stages = 2 : i64, precision = "tf32x3"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A gather with a body that is not a multiply-add.
func.func @gather_max_plus(%a: memref<32x64xf32>, %x: memref<2x64x64xf32>, %c: memref<2x32x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, m, p, k) -> (m, k)>,
                                   affine_map<(n, m, p, k) -> (n, k floordiv 2, p)>,
                                   affine_map<(n, m, p, k) -> (n, m, p)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %x : memref<32x64xf32>, memref<2x64x64xf32>) outs(%c : memref<2x32x64xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.addf %l, %r : f32
    %s = arith.maximumf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel: the target is not a multiply-add contraction}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 32, 64, 16>, warp_tile = array<i64: 16, 32>,
        stages = 2 : i64, precision = "tf32x3"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @fma_without_thread_tile(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{precision "fma" needs a thread_tile}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 128, 128, 8>, warp_tile = array<i64: 32, 64>,
        stages = 2 : i64, precision = "fma"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @thread_tile_with_tf32(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{a thread_tile is for precision "fma" only}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 128, 128, 8>, warp_tile = array<i64: 32, 64>,
        thread_tile = array<i64: 8, 8>, stages = 2 : i64, precision = "tf32x3"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @fma_64_thread_warps(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build an FMA kernel: the tiles do not divide into warps of 32 threads of thread_tile outputs and K steps of 4}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 128, 128, 8>, warp_tile = array<i64: 32, 64>,
        thread_tile = array<i64: 4, 8>, stages = 2 : i64, precision = "fma"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @fma_thread_tile_not_quads(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c : memref<128x128xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build an FMA kernel: the thread tile's sizes must be 4 or 8}}
    %launch = transform.ks.matmul_mma_sync %mm {
        block_tile = array<i64: 128, 128, 8>, warp_tile = array<i64: 32, 64>,
        thread_tile = array<i64: 2, 16>, stages = 2 : i64, precision = "fma"}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
