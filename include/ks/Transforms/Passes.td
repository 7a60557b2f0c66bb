//===- Passes.td - KernelSkill transformation passes -------*- tablegen -*-===//
//
// The seed lowering (linalg-on-tensors -> GPU kernels) and the PTX stage.
// Each pass is usable alone; the pipelines `ks-seed-lowering` and
// `ks-compile` (see Pipelines.h) chain them with upstream passes.
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_PASSES
#define KS_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def KSCheckInputContract : Pass<"ks-check-input", "mlir::ModuleOp"> {
  let summary = "Reject input outside the linalg-on-tensors contract";
  let description = [{
    Checks that the module is what Torch-MLIR's linalg-on-tensors backend
    emits and what the seed lowering can map to GPU kernels: `func.func` with
    tensor (or scalar) arguments and results, static shapes everywhere, and
    only ops of the supported set (linalg structured ops, the tensor ops
    empty/pad/extract_slice/insert_slice/expand_shape/collapse_shape/concat/
    cast, arith, math). Each violation is reported on the offending op; the
    pass fails if any was found and changes nothing.

    ```mlir
    // error: dynamic dimension in argument #0 of function @dynamic_arg
    // ('tensor<?x8xf32>'); ks requires static shapes
    func.func @dynamic_arg(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
      return %a : tensor<?x8xf32>
    }
    ```
  }];
}

def KSDropDeviceAssertions : Pass<"ks-drop-device-assertions", "mlir::ModuleOp"> {
  let summary = "Remove cf.assert from linalg and tensor.pad bodies";
  let description = [{
    Torch-MLIR guards some lowerings with `cf.assert` inside linalg bodies
    (batch norm's division, cross entropy's class index). A GPU kernel cannot
    report a failed assertion, so these are removed before the seed lowering,
    as IREE does for device code; the numerics checks against the reference
    catch bad values instead. An assert outside a linalg or `tensor.pad` body
    stays, for the input contract to report.

    ```mlir
    ^bb0(%v: f32, %out: f32):
      %nz = arith.cmpf one, %v, %zero : f32
      cf.assert %nz, "unimplemented: tensor with zero element"
      %inv = arith.divf %one, %v : f32
      linalg.yield %inv : f32
    // becomes
    ^bb0(%v: f32, %out: f32):
      %nz = arith.cmpf one, %v, %zero : f32
      %inv = arith.divf %one, %v : f32
      linalg.yield %inv : f32
    ```
  }];
  let statistics = [
    Statistic<"numDropped", "dropped", "cf.assert ops removed">
  ];
}

def KSFoldDiagonalMatmul : Pass<"ks-fold-diagonal-matmul"> {
  let summary = "Rewrite a matmul with a diagonal operand as a scaling";
  let description = [{
    On tensors. `torch.diag(v) @ B` (or `A @ torch.diag(v)`) reaches the
    compiler as a `linalg.matmul` whose operand is a matrix built by a generic
    yielding `select(i == j, v, 0.0)`. The matmul becomes an elementwise op,
    C[i, j] + v[i] * B[i, j] (or A[i, j] * v[j]): N^2 work instead of N^3 and
    the diagonal matrix is never built. Applies to float matmuls with the
    default maps. Results differ only where the dense operand has non-finite
    entries, which the matmul spread along a row or column (0 * inf).

    ```mlir
    %d = linalg.generic ... { ... arith.select %on_diagonal, %v, %zero ... }
    %c = linalg.matmul ins(%d, %b : tensor<8x8xf32>, tensor<8x6xf32>)
                       outs(%zeros : tensor<8x6xf32>) -> tensor<8x6xf32>
    // becomes
    %v2 = tensor.expand_shape %v [[0, 1]] ... : tensor<8xf32> into tensor<1x8xf32>
    %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d0)>,
                                          affine_map<(d0, d1) -> (d0, d1)>, ...],
                         iterator_types = ["parallel", "parallel"]}
        ins(%v2, %b : ...) outs(%zeros : tensor<8x6xf32>) { ... mulf ... addf ... }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numFolded", "folded", "matmuls with a diagonal operand rewritten">
  ];
}

def KSFoldTransposeIntoMatmul : Pass<"ks-fold-transpose-into-matmul"> {
  let summary = "Read a matmul operand through its transpose instead of materializing it";
  let description = [{
    On tensors. Torch-MLIR's `nn.Linear` transposes its weight on every call
    (and `x.T @ y` its LHS) before a `linalg.matmul`. Where a matmul operand
    (default maps, one element type) is a 2-d `linalg.transpose` used by
    nothing else, the matmul becomes the equivalent `linalg.generic`
    contraction reading the transpose's input through swapped indices, and the
    transpose is no longer computed. A contraction that is already a generic
    (a linear layer on a 3-d input, after elementwise fusion) or a batched
    matmul reads a transposed operand the same way, its map permuted back.
    The GEMM kernels accept any operand layout with a contiguous last
    dimension; products and sums are unchanged.
    A batched contraction whose operand is a `tensor.collapse_shape` of such a
    transpose, merging only dims the transpose leaves in place (attention's
    k^T), reads the collapse of the transpose's input the same way. A
    transpose with another use stays.

    ```mlir
    %wt = linalg.transpose ins(%w : tensor<16x32xf32>)
            outs(%e : tensor<32x16xf32>) permutation = [1, 0]
    %y = linalg.matmul ins(%x, %wt : tensor<8x32xf32>, tensor<32x16xf32>)
                       outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
    // becomes
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                          affine_map<(d0, d1, d2) -> (d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %w : tensor<8x32xf32>, tensor<16x32xf32>) outs(%f : tensor<8x16xf32>)
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFolded", "folded", "transposed matmul operands read in place">
  ];
}

def KSReuseWiderSums : Pass<"ks-reuse-wider-sums"> {
  let summary = "Take a sum from the same sum computed in a wider type";
  let description = [{
    On tensors. Torch-MLIR's group norm sums its input twice: in f64 (for the
    variance's mean) and in f32 (for the mean it subtracts). A sum from zero
    of an f32 operand whose same elements an earlier op already sums from zero
    in f64 (`extf(in) + acc`, same loops, same maps) is that f64 sum rounded to
    f32: it is computed from there instead of reading the input again. The
    rounded f64 sum is also closer to the exact sum than the f32 one.

    ```mlir
    %wide = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%a : tensor<8x1024xf32>) outs(%f64 : tensor<8xf64>) { extf, addf }
    %narrow = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%b : tensor<8x1024xf32>) outs(%f32 : tensor<8xf32>) { addf }
    // becomes
    %narrow = linalg.generic {... iterator_types = ["parallel"]}
        ins(%wide : tensor<8xf64>) outs(%e : tensor<8xf32>) {
    ^bb0(%in: f64, %out: f32):
      %f = arith.truncf %in : f64 to f32
      linalg.yield %f : f32
    }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numReused", "reused", "f32 sums taken from an f64 sum">
  ];
}

def KSSumBeforeMatmul : Pass<"ks-sum-before-matmul"> {
  let summary = "Sum a matmul's operand first when only sums of the product are used";
  let description = [{
    On tensors. When the result of a matmul C = A B (any operand maps, one M,
    N and K loop, from zero) is read only by a two-loop sum along its rows or
    columns, the sum can be taken first, since it is linear:
    sum_j (A B)[i, j] = sum_k A[i, k] (sum_j B[k, j]). The matmul and the sum
    become a sum of B along that dim, the sum's other terms (a bias) summed
    alone, and a matrix-vector product of A with B's sum onto them: M N K
    multiply-adds become N K + M K and the product is never written. The sums
    are associated differently, so results differ from the matmul's at
    rounding level.

    ```mlir
    %mm = linalg.generic {... iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %w : tensor<4x16xf32>, tensor<6x16xf32>) outs(%z : tensor<4x6xf32>)
    %s = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%mm, %b : tensor<4x6xf32>, tensor<6xf32>) outs(%zeros : tensor<4xf32>)
    // becomes
    %wsum = linalg.generic {...} ins(%w : tensor<6x16xf32>) outs(... : tensor<16xf32>)
    %bsum = linalg.generic {...} ins(%b : tensor<6xf32>) outs(%zeros : tensor<4xf32>)
    %s = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%x, %wsum : tensor<4x16xf32>, tensor<16xf32>) outs(%bsum : tensor<4xf32>)
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "sums of matmul products rewritten as sums of an operand">
  ];
}

def KSSplitTransposedConv : Pass<"ks-split-transposed-conv"> {
  let summary = "Compute a transposed convolution as one convolution per output phase, without the zeros";
  let description = [{
    On tensors. Torch-MLIR lowers a transposed convolution of stride s as a
    unit-stride `linalg.conv_{1d_ncw_fcw,2d_nchw_fchw,3d_ncdhw_fcdhw}` over its
    input spread into zeros (`tensor.insert_slice` with strides s into a zero
    fill): of every s^d multiplications, s^d - 1 are by zero. The output
    positions of one phase (s q + r along each spatial dim) meet only some of
    the filter taps and read the input at q + t + shift, so each phase becomes
    a convolution of the same rank over the input itself (zero-padded where
    needed) with that phase's taps, inserted into the output with strides s.
    Per output element the products and the order of the sums are the same.
    Applies where some dim has a stride of 2 or more, the output splits into
    whole phases, and every phase has taps and reads the whole input.

    ```mlir
    // ConvTranspose1d, kernel 3, stride 2: the input spread into zeros
    %spread = tensor.insert_slice %x into %z[0, 0, 1] [2, 4, 5] [1, 1, 2]
        : tensor<2x4x5xf32> into tensor<2x4x12xf32>
    %r = linalg.conv_1d_ncw_fcw ins(%spread, %w : tensor<2x4x12xf32>, tensor<3x4x3xf32>) ...
    // becomes one convolution per phase, each inserted with stride 2
    %c0 = linalg.conv_1d_ncw_fcw ins(%x, %taps1 : tensor<2x4x5xf32>, tensor<3x4x1xf32>)
                                 outs(%b0 : tensor<2x3x5xf32>)
    %r0 = tensor.insert_slice %c0 into %out[0, 0, 0] [2, 3, 5] [1, 1, 2]
    %c1 = linalg.conv_1d_ncw_fcw ins(%xpad, %taps02 : tensor<2x4x6xf32>, tensor<3x4x2xf32>)
                                 outs(%b1 : tensor<2x3x5xf32>)
    %r1 = tensor.insert_slice %c1 into %r0[0, 0, 1] [2, 3, 5] [1, 1, 2]
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "transposed convolutions split by output phase">
  ];
}

def KSPointwiseConvToBatchMatmul : Pass<"ks-pointwise-conv-to-batch-matmul"> {
  let summary = "Rewrite a 1x1 NCHW convolution as a batched matmul";
  let description = [{
    On tensors. A `linalg.conv_2d_nchw_fchw` with a 1x1 filter, unit strides
    and static shapes is, per image, the matmul W[F, C] x X[C, H*W]. It
    becomes a `linalg.batch_matmul` of the filter broadcast over the images and
    the input with its spatial dims collapsed, accumulating onto the
    initializer collapsed alike; the result is expanded back to N x F x H x W.
    The GEMM skills, which stage tiles in shared memory, then apply. Same
    products, same sums. Larger filters and strided 1x1 filters stay
    convolutions.

    ```mlir
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>,
                                   strides = dense<1> : vector<2xi64>}
        ins(%x, %w : tensor<2x4x6x10xf32>, tensor<8x4x1x1xf32>)
        outs(%init : tensor<2x8x6x10xf32>) -> tensor<2x8x6x10xf32>
    // becomes
    %w2 = tensor.collapse_shape %w [[0], [1, 2, 3]] : ... into tensor<8x4xf32>
    %wb = linalg.broadcast ins(%w2 : tensor<8x4xf32>)
            outs(%e : tensor<2x8x4xf32>) dimensions = [0]
    %x2 = tensor.collapse_shape %x [[0], [1], [2, 3]] : ... into tensor<2x4x60xf32>
    %i2 = tensor.collapse_shape %init [[0], [1], [2, 3]] : ... into tensor<2x8x60xf32>
    %mm = linalg.batch_matmul ins(%wb, %x2 : tensor<2x8x4xf32>, tensor<2x4x60xf32>)
                              outs(%i2 : tensor<2x8x60xf32>) -> tensor<2x8x60xf32>
    %r = tensor.expand_shape %mm [[0], [1], [2, 3]] output_shape [2, 8, 6, 10]
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "1x1 convolutions rewritten as batched matmuls">
  ];
}

def KSFuseElementwise : Pass<"ks-fuse-elementwise"> {
  let summary = "Fuse elementwise producers into consumers, never into a reduction that would recompute them";
  let description = [{
    On tensors: upstream's elementwise fusion (single-use producers fused into
    generic consumers, reshapes propagated, constants folded), with one
    exception. A producer is not fused into a consumer with reduction loops
    that reads it through a map leaving out one of its loops: fused there, the
    producer would be recomputed at every step of the missing loop, and a GEMM
    would turn into a reduction no matmul skill recognizes (a layer norm's
    output scaled into the next linear layer). Fusion into a reduction that
    reads each of the producer's elements once (softmax's exp, a norm's
    square) still happens.

    A cheap elementwise producer (a few arithmetic ops on one tensor, and
    small broadcasts of 64 times fewer elements at most) read by several
    generics is recomputed in each instead of written and read back: a
    transformer's scores divided by sqrt(head_dim) before the softmax's max
    and exp, a log-softmax's x - max (the maximum broadcast along the
    reduced loop) before the sum of exponentials and the result. A producer
    with broadcasts stays where it computes from a contraction's result (a
    bias add is the GEMM's epilogue).

    Reshapes move through elementwise ops (upstream's propagation by
    expansion) except into a contraction or a convolution and through the
    elementwise ops computing from one's result: a linear layer on a 3-d
    input keeps its 2-d GEMM, and an elementwise op reading that chain
    through an `expand_shape` is collapsed to the GEMM's shape instead, so
    that the bias add and the activation fuse into one op over the GEMM's
    result (the epilogue ks-epilogue-in-place and the GEMM skills take).

    Layout transposes around a pooling (a `linalg.pooling_*` op or a generic
    of that shape whose window operand is unread) fold into it: a pooling
    reading a `linalg.transpose`'s result reads the transpose's input through
    the composed map, and a pooling read only by a `linalg.transpose` (its
    initializer a fill) writes the transposed layout itself, its loops
    reordered so the output's dimensions lead in order. Torch-MLIR's
    avg_pool3d (NCDHW to NDHWC, `linalg.pooling_ndhwc_sum`, back to NCDHW,
    then a division) becomes one NCDHW pooling generic with the division in
    place after it.

    ```mlir
    %scaled = linalg.generic {... iterator_types = ["parallel", "parallel"]}
        ins(%x, %s : tensor<64x32xf32>, tensor<64x32xf32>) ... { arith.mulf }
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                          affine_map<(d0, d1, d2) -> (d2, d1)>, ...],
                         iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%scaled, %w : tensor<64x32xf32>, tensor<32x16xf32>) ...
    // stays as it is: %scaled is not fused into the GEMM, which leaves out d1.
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::affine::AffineDialect"];
}

def KSDropUnitDimsOfReductions : Pass<"ks-drop-unit-dims-of-reductions"> {
  let summary = "Drop the unit loops of reductions (keepdim results, [N, 1, K] views)";
  let description = [{
    On tensors. A `linalg.generic` with a reduction loop and loops of extent 1
    (Torch-MLIR's keepdim reductions, a [N, 1, K] view of a row) is rewritten
    over its other loops, its operands collapsed and its result expanded back
    by reassociative reshapes, so a row reduction has the one parallel and one
    reduction loop the row skills expect. A `linalg.matmul` or
    `linalg.batch_matmul` with M or N = 1 (a matrix-vector product, or a
    batch of them) is generalized first and becomes such a row reduction;
    other named ops and elementwise generics are left alone.

    ```mlir
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0, d1, 0)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<4x1x16xf32>) outs(%init : tensor<4x1x1xf32>) { addf }
    // becomes
    %xc = tensor.collapse_shape %x [[0, 1], [2]] : tensor<4x1x16xf32> into tensor<4x16xf32>
    %s = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%xc : tensor<4x16xf32>) outs(%ic : tensor<4xf32>) { addf }
    %r = tensor.expand_shape %s [[0, 1, 2]] output_shape [4, 1, 1]
        : tensor<4xf32> into tensor<4x1x1xf32>
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSCollapseElementwiseDims : Pass<"ks-collapse-elementwise-dims"> {
  let summary = "Merge adjacent loops of elementwise ops of four loops or more";
  let description = [{
    On buffers, after bufferization. In an all-parallel `linalg.generic` of
    four loops or more (not counting unit loops), unit loops and unit dims
    read at a constant 0 are dropped, then each run of adjacent loops that
    every operand indexes contiguously and in order, and whose indices the
    body does not read, becomes one loop; operands are seen through
    `memref.collapse_shape`, so nothing is copied. Batch norm's per-channel
    scale over [N, C, H, W] becomes an op over [N, C, H*W], which the
    vectorizing skill (two or three loops) takes. Ops of fewer loops, and
    copies and broadcasts (bodies that yield an input), are left alone.

    ```mlir
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                     affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, ...],
                    iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %s : memref<2x4x6x6xf32>, memref<4x1x1xf32>) outs(%y : memref<2x4x6x6xf32>)
    // becomes
    %sc = memref.collapse_shape %s [[0, 1, 2]] : memref<4x1x1xf32> into memref<4xf32>
    %xc = memref.collapse_shape %x [[0], [1], [2, 3]] : ... into memref<2x4x36xf32>
    %yc = memref.collapse_shape %y [[0], [1], [2, 3]] : ... into memref<2x4x36xf32>
    linalg.generic {... iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%xc, %sc : memref<2x4x36xf32>, memref<4xf32>) outs(%yc : memref<2x4x36xf32>)
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def KSCollapseTransposeDims : Pass<"ks-collapse-transpose-dims"> {
  let summary = "Transpose only the dims that move: unit dims dropped, runs that stay together merged";
  let description = [{
    On buffers. A static `linalg.transpose` is rewritten to move only what
    moves: unit dims are dropped, and runs of dims that are adjacent and in
    the same order in both the input and the output are merged, the operands
    seen through `memref.collapse_shape` where their layouts allow it. A
    channels-last transpose of five dims becomes a batched 2-d transpose,
    which the transpose skills take. A permutation that then moves nothing
    becomes a `linalg.copy`.

    ```mlir
    linalg.transpose ins(%x : memref<16x24x96x192x192xf32>)
                     outs(%y : memref<16x96x192x192x24xf32>) permutation = [0, 2, 3, 4, 1]
    // becomes
    %in = memref.collapse_shape %x [[0], [1], [2, 3, 4]] : ... into memref<16x24x3538944xf32>
    %out = memref.collapse_shape %y [[0], [1, 2, 3], [4]] : ... into memref<16x3538944x24xf32>
    linalg.transpose ins(%in : memref<16x24x3538944xf32>)
                     outs(%out : memref<16x3538944x24xf32>) permutation = [0, 2, 1]
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def KSCollapseReductionDims : Pass<"ks-collapse-reduction-dims"> {
  let summary = "Merge adjacent parallel loops, and adjacent reduction loops, of reductions";
  let description = [{
    On tensors. In a `linalg.generic` with a reduction loop, each run of
    adjacent loops of the same kind (parallel or reduction) that every operand
    indexes contiguously and in order becomes one loop; operands are collapsed
    and results expanded back by reassociative reshapes. A reduction over a
    [2, 3] batch of [4, 4] windows (global pooling) is then a row reduction of
    6 rows of 16, with the one parallel loop the row skills expect. Named ops,
    elementwise generics and reductions with no two adjacent loops of one kind
    are left alone.

    ```mlir
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                          affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
        ins(%x : tensor<2x3x4x4xf32>) outs(%init : tensor<2x3xf32>) { addf }
    // becomes
    %xc = tensor.collapse_shape %x [[0, 1], [2, 3]] : ... into tensor<6x16xf32>
    %ic = tensor.collapse_shape %init [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
    %s = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%xc : tensor<6x16xf32>) outs(%ic : tensor<6xf32>) { addf }
    %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSMaterializeGatheredTerms : Pass<"ks-materialize-gathered-terms", "mlir::func::FuncOp"> {
  let summary = "Compute a gathering scalar reduction's terms in an elementwise op first";
  let description = [{
    On tensors. A `linalg.generic` that reduces all its loops into one 0-d
    output by a single binary combiner, and whose term gathers (a
    `tensor.extract` at an index read from data: cross entropy's logit at the
    row's target), is split in two: an elementwise op over the same loops
    computes the terms (the body without the combiner) into a new tensor,
    placed right after the last op it reads, then a plain reduction sums that
    tensor. The terms are one point per row, so a row-chain skill takes them
    into the kernel of the row statistics they read, and the sum no longer
    gathers. Reductions whose extracts are at indices computed from the loop
    indices alone are left alone.

    ```mlir
    %loss = linalg.generic {... iterator_types = ["reduction"]}
        ins(%valid, %t : tensor<256xi1>, tensor<256xi64>) outs(%l0 : tensor<f32>) {
      %picked = tensor.extract %x[%i, %j] : tensor<256x64xf32>
      %sum = tensor.extract %s[%i] : tensor<256xf32>
      %lse = math.log %sum : f32
      ... arith.addf ..., %acc : f32
    }
    // becomes
    %terms = linalg.generic {... iterator_types = ["parallel"]}
        ins(%t : tensor<256xi64>) outs(%e : tensor<256xf32>) {
      ... tensor.extract %x[%i, %j] ... tensor.extract %s[%i] ... math.log ...
    }
    %loss = linalg.generic {... iterator_types = ["reduction"]}
        ins(%terms : tensor<256xf32>) outs(%l0 : tensor<f32>) { addf }
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSSplitLargeReductions : Pass<"ks-split-large-reductions"> {
  let summary = "Split long reductions to few outputs into a partial and a final stage";
  let description = [{
    On tensors, before bufferization. A long reduction to few outputs (a
    loss's sum) gives too few threads to keep the GPU busy, so a
    `linalg.generic` with one output, parallel loops first, at most
    `max-outputs` outputs and at least `min-reduction` elements each, is split
    as upstream's `linalg::splitReduction` does: its reduction loops
    collapsed, a partial stage with `ratio` partial results per output (their
    loop innermost, for coalesced reads), then a final stage folding them.
    The ratio is the largest divisor of the reduction size at most
    min(max-partials, target-threads / outputs, size / 64). Reductions to at
    most `few-outputs` outputs are split from `min-reduction-few-outputs`
    elements on, into contiguous chunks of `scalar-chunk` elements, or, below
    `one-block-reduction` elements, made one row that one block folds. A final
    stage of at most `max-final-stage` partials is not split again. Wider
    reductions (a block or cluster per row already fills the GPU) and
    combiners without a neutral element (argmax) are left alone.

    ```mlir
    %r = linalg.generic {indexing_maps = [#sum_in, #sum_in, affine_map<(d0, d1) -> ()>],
                         iterator_types = ["reduction", "reduction"]}
        ins(%a, %b : tensor<512x256xf32>, tensor<512x256xf32>) outs(%acc : tensor<f32>) {
      subf, mulf, addf }
    // becomes (131072 elements, 2048 partials of 64)
    %ac = tensor.collapse_shape %a [[0, 1]] : tensor<512x256xf32> into tensor<131072xf32>
    %ae = tensor.expand_shape %ac [[0, 1]] output_shape [64, 2048]
        : tensor<131072xf32> into tensor<64x2048xf32>
    %partial = linalg.generic {... iterator_types = ["reduction", "parallel"]}
        ins(%ae, %be : ...) outs(%p : tensor<2048xf32>) { subf, mulf, addf }
    %r = linalg.generic {... iterator_types = ["reduction"]}
        ins(%partial : tensor<2048xf32>) outs(%acc : tensor<f32>) { addf }
    ```
  }];
  let options = [
    Option<"minReduction", "min-reduction", "int64_t", "65536",
           "Split only reductions of at least this many elements per output">,
    Option<"maxOutputs", "max-outputs", "int64_t", "127",
           "Split only reductions with at most this many outputs (128 rows "
           "are about a block per SM, more with a cluster per row)">,
    Option<"targetThreads", "target-threads", "int64_t", "65536",
           "Aim for about this many partial results in all">,
    Option<"maxPartials", "max-partials", "int64_t", "65536",
           "At most this many partial results per output">,
    Option<"fewOutputs", "few-outputs", "int64_t", "1",
           "Reductions with at most this many outputs are split from "
           "min-reduction-few-outputs elements on">,
    Option<"minReductionFewOutputs", "min-reduction-few-outputs", "int64_t",
           "4096", "Split reductions to few outputs from this many elements "
           "per output">,
    Option<"maxFinalStage", "max-final-stage", "int64_t", "4096",
           "A split's final stage to few outputs of at most this many "
           "partials per output is not split again (one block folds it)">,
    Option<"oneBlockReduction", "one-block-reduction", "int64_t", "65536",
           "A reduction to few outputs of fewer elements than this, of one "
           "loop once its reduction loops are collapsed, is not split (one "
           "row a block folds); a split's final stage follows max-final-stage">,
    Option<"scalarChunk", "scalar-chunk", "int64_t", "4096",
           "Reductions to few outputs are split into partials of about this "
           "many contiguous elements (0: interleaved, as the others)">,
  ];
  let statistics = [
    Statistic<"numSplit", "split", "reductions split in two">
  ];
}

def KSReadOnlyInputs : Pass<"ks-read-only-inputs", "mlir::ModuleOp"> {
  let summary = "Keep public functions from writing into their arguments";
  let description = [{
    Marks every tensor argument of a public function
    `bufferization.writable = false`. A linalg op whose `outs` is an argument
    then writes into a new buffer instead of the caller's input, which the
    caller (a benchmark running the same inputs many times) still owns.
    Private functions and scalar arguments are left alone.

    ```mlir
    func.func @main(%a: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32>
    // becomes
    func.func @main(%a: tensor<4x8xf32> {bufferization.writable = false}, %s: f32)
        -> tensor<4x8xf32>
    ```
  }];
}

def KSParallelDimsFirst : Pass<"ks-parallel-dims-first"> {
  let summary = "Put the parallel loops of every linalg op outside its reductions";
  let description = [{
    Interchanges the loops of linalg ops (generalizing named ops where needed)
    so that all parallel loops come before all reduction loops. After
    `convert-linalg-to-parallel-loops` every op is then one `scf.parallel`
    over its outputs with sequential `scf.for` reductions inside: each output
    element is computed by one GPU thread of the seed kernel. A `linalg.index`
    of a moved loop follows it.

    ```mlir
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d1)>],
                         iterator_types = ["reduction", "parallel"]}
        ins(%a : tensor<8x16xf32>) outs(%init : tensor<16xf32>) { addf }
    // becomes
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                                          affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%a : tensor<8x16xf32>) outs(%init : tensor<16xf32>) { addf }
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def KSRefuseQuadraticScans : Pass<"ks-refuse-quadratic-scans", "mlir::ModuleOp"> {
  let summary = "Refuse a long scan left to the O(n^2) seed kernel";
  let description = [{
    A scan written as a reduction over a triangular mask (the PyTorch
    frontend's cumsum and cumprod) that no skill turned into a scan kernel
    would run as the seed lowers it: every output folds its whole prefix,
    O(n^2) work. Past `max-length` elements that is too slow to run, so the
    pass reports the dispatch and fails instead. `max-length=0` lifts the
    limit (the tuner's cost model estimates such a seed without running it).
    Shorter scans pass untouched.

    ```mlir
    // error: dispatch 3: a scan of length 32768 (a reduction over a triangular
    // mask) has no scan kernel in this plan
    linalg.generic {iterator_types = ["parallel", "parallel", "reduction"], ...}
        ins(%x : memref<4x32768xf32>) outs(%y : memref<4x32768xf32>)
        attrs = {ks.dispatch = 3 : i64} {
    ^bb0(%v: f32, %acc: f32):
      %k = linalg.index 1 : index
      %j = linalg.index 2 : index
      %upto = arith.cmpi sge, %k, %j : index
      %s = arith.select %upto, %v, %identity : f32
      %a = arith.addf %s, %acc : f32
      linalg.yield %a : f32
    }
    ```
  }];
  let options = [
    Option<"maxLength", "max-length", "int64_t", /*default=*/"8192",
           "Longest scan left to the seed kernel (0: no limit)">
  ];
}

def KSMarkDispatches : Pass<"ks-mark-dispatches", "mlir::ModuleOp"> {
  let summary = "Number every linalg op: each becomes one dispatch (kernel)";
  let description = [{
    Gives every linalg op of the module an integer attribute
    `ks.dispatch = N`, numbered from 0 in walk order across functions. Each
    such op becomes one kernel (dispatch) of the seed lowering; the optimizer,
    the plan and the tuning database name dispatches by this number. The
    number also goes into the op's location (a fused location with
    `{ks.dispatch = N}` as metadata), which the loops and kernels made from
    the op inherit, so the seed mapping can record which kernel computes
    which dispatch (`ks.kernel_dispatches` on the function).

    ```mlir
    linalg.fill ins(%zero : f32) outs(%c : memref<4x2xf32>)
    linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
    // becomes
    linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<4x2xf32>)
    linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : ...) outs(%c : memref<4x2xf32>)
    ```
  }];
}

def KSApplySkills : Pass<"ks-apply-skills", "mlir::ModuleOp"> {
  let summary = "Apply skills (transform scripts) to dispatches, by a plan";
  let description = [{
    For each dispatch a plan names, runs the skill's transform script (a
    transform-dialect sequence from `skills/<id>/`) with the plan's parameters
    (defaults for the others) on the op marked `ks.dispatch = N`. A skill must
    map its dispatch to a `gpu.launch`; the seed lowering then maps the ops
    no skill took. The plan is a JSON file
    `{"dispatches": [{"id": N, "skill": "ID", "params": {"NAME": V}}]}`, or
    one dispatch given by `dispatch`, `skill` and `params`. A plan's
    `"finish_in_last_block": true`, `"reverse_blocks": [N, ...]` and
    `"l1_no_allocate": [N, ...]` are recorded on the module
    (`ks.finish_in_last_block`, `ks.reverse_blocks`, `ks.l1_no_allocate`) for
    the passes of those names. Skills are read from `skill-dirs` or the
    default skill path. Any failure is an error naming the skill, the
    dispatch and the reason.

    ```mlir
    // dispatch=1 skill=warp_reduce_innermost: a row sum over memref<64x1024xf32>
    linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<64x1024xf32>) outs(%s : memref<64xf32>) attrs = {ks.dispatch = 1 : i64}
    // becomes a launch of 16 blocks of 128 threads, one row per warp
    gpu.launch blocks(...) in (%gx = %c16, ...) threads(...) in (%bx = %c128, ...) {
      %row = memref.subview %rows[%warp, 0] [1, 1024] [1, 1] ...
      linalg.generic {...} ins(%row : memref<1x1024xf32, ...>) ...
          attrs = {ks.dispatch = 1 : i64, ks.warp_reduce = 4 : i64}
      ...
    } {ks.dispatch = 1 : i64, ks.skill = "warp_reduce_innermost"}
    ```
  }];
  let options = [
    Option<"plan", "plan", "std::string", /*default=*/"\"\"",
           "JSON plan: which skill and parameters for which dispatch">,
    Option<"dispatch", "dispatch", "int64_t", /*default=*/"-1",
           "One dispatch to transform (with `skill`)">,
    Option<"skill", "skill", "std::string", /*default=*/"\"\"",
           "The skill to apply to `dispatch`">,
    Option<"params", "params", "std::string", /*default=*/"\"\"",
           "Parameters for `skill`: NAME=V,NAME=V">,
    Option<"skillDirs", "skill-dirs", "std::string", /*default=*/"\"\"",
           "Skill directories, comma-separated (default: the skill path)">,
  ];
  let dependentDialects = [
    "mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
    "mlir::transform::TransformDialect", "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::vector::VectorDialect"];
}

def KSDistributeWarpReductions
    : Pass<"ks-distribute-warp-reductions", "mlir::ModuleOp"> {
  let summary = "Split a warp's (or a block's) reductions over its threads, combined by shuffles";
  let description = [{
    Skills leave a reduction that a whole warp, block or cluster computes as
    one linalg op marked with how to split it; this pass writes the split out.
    The op must be on buffers inside a `gpu.launch`, fold each output with a
    binary op that has a neutral element (or a (value, position) pair for
    argmax and argmin), along one static innermost reduction loop; anything
    else is an error. Run right after `ks-apply-skills`.

    - `ks.warp_reduce = E`: lane l folds elements l*E .. l*E+E-1 of every
      32*E into a private partial result; the 32 partials are combined by a
      butterfly of `gpu.shuffle xor`, and lane 0 folds the total into the
      output. An argmax shuffles (value, position) pairs, the lower position
      winning ties, so the first occurrence wins as in the sequential fold.
    - `ks.block_reduce = E`: the same over all threads of a 1-D block, each
      warp's total going through a shared-memory slot, combined by warp 0
      after a barrier.
    - `ks.column_split = S`: a reduction along a strided loop, a block of
      columns x S threads; each thread folds every S-th row of its column,
      the partials combined through shared memory in a fixed order (each
      output by its own operator, an f32 sum's in f64, an argmax's pairs, or an online softmax's (max, sum) pairs
      rescaled to the larger maximum). An op without reductions after it over
      the same columns, marked alike, is split alike: each thread computes the
      points it folded, after a barrier that publishes the totals.
    - `ks.cluster_reduce = C` (with `ks.block_reduce`): one row split among
      the C blocks of a thread-block cluster, the blocks' totals combined
      through distributed shared memory (`nvvm.mapa`) after a cluster barrier.

    ```mlir
    linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%row : memref<1x1024xf32, ...>) outs(%out : memref<1xf32, ...>)
        attrs = {ks.dispatch = 1 : i64, ks.warp_reduce = 4 : i64} { addf }
    // becomes
    %part = scf.for ... iter_args(%acc = %zero) -> (f32) { ... arith.addf ... }
    %o16, %v16 = gpu.shuffle xor %part, %c16_i32, %c32_i32 : f32
    %s16 = arith.addf %part, %o16 : f32
    ...                                   // offsets 8, 4, 2, 1
    scf.if %lane0 { ... memref.store ..., %out[...] ... }
    ```
  }];
  let dependentDialects = [
    "mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::affine::AffineDialect", "mlir::LLVM::LLVMDialect",
    "mlir::NVVM::NVVMDialect"];
}

def KSShrinkShapes : Pass<"ks-shrink-shapes", "mlir::ModuleOp"> {
  let summary = "Make a program's large dimensions small (checks on the CPU)";
  let description = [{
    Rewrites a linalg-on-tensors program so that every static dimension larger
    than `max-dim` becomes a divisor of it not above `max-dim` (keeping its
    power-of-two factor up to 16 where it can; `max-dim` itself when no
    divisor is at least half of it): the same ops, dispatches and skills at a
    size the CPU checks in moments. The same size always maps to the same new
    size, so dimensions that matched still match. Sizes tied by more than
    equality keep their value: the axes a `tensor.pad` pads, those a slice
    cuts (an axis it takes whole follows), a concat's axis, a window's (a
    convolution's input rows and the loops that index them) and the shapes of
    constants other than splats. A collapsed dimension becomes the product of
    its parts' new sizes. Splat constants follow their new shapes,
    `tensor.expand_shape` its result and a slice the axes it takes whole. A
    result that no longer verifies is an error naming the op.

    ```mlir
    func.func @matmul(%a: tensor<2048x1000xf32>, %b: tensor<1000x4099xf32>,
                      %small: tensor<64xf32>) -> tensor<2048x4099xf32>
    // becomes, with max-dim=256
    func.func @matmul(%a: tensor<256x200xf32>, %b: tensor<200x256xf32>,
                      %small: tensor<64xf32>) -> tensor<256x256xf32>
    // a padded convolution's batch and filters shrink, its rows do not:
    // tensor<512x3x300x300xf32> padded to 302x302, 512 filters, becomes
    // tensor<256x3x300x300xf32> padded to 302x302, 256 filters
    ```
  }];
  let options = [
    Option<"maxDim", "max-dim", "int64_t", /*default=*/"256",
           "The largest dimension left">,
  ];
}

def KSEmulateGPUOnCPU : Pass<"ks-emulate-gpu-on-cpu", "mlir::ModuleOp"> {
  let summary = "Run outlined GPU kernels on the CPU, thread by thread";
  let description = [{
    The numerics check where there is no GPU. Each `gpu.func` a
    `gpu.launch_func` calls becomes a private `func.func @MODULE_on_cpu` that
    takes the grid size and the kernel's arguments and loops over the blocks
    and, in each block, over the threads (the block size must be a constant).
    The body is split at `gpu.barrier` and `gpu.shuffle` into thread loops
    that run one after another; a value live across a split is kept per
    thread in a scratch buffer, and a shuffle reads what its partner lane
    stored before the split. An `scf.for` containing a split must have the
    same bounds in every thread: it runs once per block around its thread
    loops. `cp.async` copies run as plain copies; workgroup memory is one
    buffer per call. On the host, launches become calls and
    `gpu.alloc`/`dealloc`/`memcpy` their memref forms. A kernel the CPU cannot
    run faithfully (a barrier under thread-dependent control flow, an NVVM op,
    a dynamic block size) is an error on the op that prevents it.

    ```mlir
    gpu.launch_func @k::@k blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<64xf32>, %out : memref<64xf32>)
    // becomes
    call @k_on_cpu(%c2, %c1, %c1, %in, %a) : ...
    func.func private @k_on_cpu(%gx: index, %gy: index, %gz: index,
        %in: memref<64xf32>, %out: memref<64xf32>)
        attributes {ks.block_size = array<i64: 32, 1, 1>} {
      scf.for %b = %c0 to %gx step %c1 {
        scf.for %t = %c0 to %c32 step %c1 { ... }   // up to the first barrier
        scf.for %t = %c0 to %c32 step %c1 { ... }   // after it
      }
    }
    ```
  }];
  let dependentDialects = [
    "mlir::func::FuncDialect", "mlir::scf::SCFDialect",
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::vector::VectorDialect", "mlir::LLVM::LLVMDialect"];
}

def KSFinishInLastBlock : Pass<"ks-finish-in-last-block", "mlir::ModuleOp"> {
  let summary = "Run a one-block kernel in the last block of the kernel before it";
  let description = [{
    Where the module asks for it (`ks.finish_in_last_block`, from a plan's
    `"finish_in_last_block": true`), a `gpu.launch` of one block (a split
    reduction's last fold, a loss's division) that follows a launch of the
    same constant block size, with only allocations, pure ops and
    deallocations between them, moves into that launch: it saves a launch
    and the gap before it. Each block of the first kernel fences its writes
    and counts itself done on a device-wide counter; the block that counts
    last runs the tail's body as block 0 of a grid of one, then resets the
    counter. The producer keeps its dispatch and lists the tail's in
    `ks.finishes`. The kernel must not run concurrently with another launch
    of itself (the counter is the kernel module's).

    ```mlir
    gpu.launch blocks(%bx, ...) in (%gx = %c8, ...) threads(...) in (%c32, ...) {
      ... memref.store %partial, %partials[%bx] : memref<8xf32> ...
    }
    gpu.launch blocks(...) in (%c1, ...) threads(...) in (%c32, ...) { ... fold ... }
    // becomes one launch of 8 blocks
    gpu.launch blocks(%bx, ...) in (%gx = %c8, ...) threads(...) in (%c32, ...) {
      ... memref.store %partial, %partials[%bx] : memref<8xf32> ...
      llvm.fence syncscope("device") release
      gpu.barrier
      %count = memref.get_global @ks_blocks_done : memref<1xi32>
      %before = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      ...
      scf.if %last { ... fold ... }
    }
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def KSReverseBlockOrder : Pass<"ks-reverse-block-order", "mlir::ModuleOp"> {
  let summary = "Run a kernel's blocks in descending order, where a plan asks";
  let description = [{
    For the dispatches the module lists in `ks.reverse_blocks` (a plan's
    `"reverse_blocks": [N, ...]`), the `gpu.launch` that computes each (its
    `ks.dispatch`, or its entry in the host function's `ks.kernel_dispatches`)
    reads block x as grid - 1 - x. A kernel that streams over a buffer the
    kernel before it just streamed over (a norm's apply after its statistics)
    then starts at the end that kernel left in the L2 cache. Blocks are
    independent, so only their order changes. A listed dispatch that no
    kernel computes, or one that runs in thread-block clusters, is an error.

    ```mlir
    module attributes {ks.reverse_blocks = array<i64: 2, 3>} {
      gpu.launch blocks(%b, ...) in (%gx = %c64, ...) ... {
        ... memref.load %x[%b] ...
      } {ks.dispatch = 2 : i64}
    // becomes
    module {
      gpu.launch blocks(%b, ...) in (%gx = %c64, ...) ... {
        %last = arith.constant 63 : index
        %r = arith.subi %last, %b : index
        ... memref.load %x[%r] ...
      } {ks.dispatch = 2 : i64}
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect"];
}

def KSMarkL1NoAllocate : Pass<"ks-mark-l1-no-allocate", "mlir::ModuleOp"> {
  let summary = "Mark the kernels a plan asks to read without allocating in the L1";
  let description = [{
    For the dispatches the module lists in `ks.l1_no_allocate` (a plan's
    `"l1_no_allocate": [N, ...]`), the `gpu.launch` that computes each gets
    `ks.l1_no_allocate`, which outlining keeps on its kernel and
    `ks-l1-no-allocate-loads` turns into loads that skip the L1 cache. A
    listed dispatch that no kernel computes is an error.

    ```mlir
    module attributes {ks.l1_no_allocate = array<i64: 2, 3>} {
      gpu.launch ... { ... } {ks.dispatch = 2 : i64}
    // becomes
    module {
      gpu.launch ... { ... } {ks.dispatch = 2 : i64, ks.l1_no_allocate}
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSMarkInvariantArgs : Pass<"ks-mark-invariant-args", "mlir::ModuleOp"> {
  let summary = "List the buffers a plan's kernels read that no launch writes";
  let description = [{
    For the dispatches the module lists in `ks.invariant_loads` (a plan's
    `"invariant_loads": [N, ...]`), each kernel computing one gets
    `ks.invariant_args`: the global-memory buffer arguments it never writes
    and that, at each of its launches, share no buffer (followed through
    view-like ops to a gpu.alloc, a global or a host argument) with an
    argument it writes; and `ks.arg_ranks`, each argument's memref rank (-1
    for a scalar), for `ks-invariant-loads` after the NVVM conversion. A
    listed dispatch that no kernel computes is an error.

    ```mlir
    module attributes {ks.invariant_loads = array<i64: 1>} {
      gpu.launch_func @k::@k args(%x : memref<64xf32>, %y : memref<64xf32>,
                                  %yv : memref<8x8xf32>)   // %yv views %y
      gpu.module @k attributes {ks.dispatch = 1 : i64} {
        gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<8x8xf32>)
            kernel { ... reads %a and %c, writes %b ... }
    // becomes
        gpu.func @k(...) kernel attributes {ks.arg_ranks = array<i64: 1, 1, 2>,
                                            ks.invariant_args = array<i64: 0>}
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSInvariantLoads : Pass<"ks-invariant-loads", "mlir::gpu::GPUModuleOp"> {
  let summary = "Mark loads from buffers no launch writes invariant";
  let description = [{
    In each kernel (`llvm.func`, after the NVVM conversion) that lists
    `ks.invariant_args` (from `ks-mark-invariant-args`), each `llvm.load`
    from one of those buffers (its pointer parameter offset by getelementptr
    or cast between address spaces) becomes `invariant`: LLVM may move it
    above the kernel's stores and reads it with `ld.global.nc`. A memref
    argument is a bare pointer, or a descriptor whose aligned pointer the
    loads use.

    ```mlir
    llvm.func @k(%a: !llvm.ptr, ...) attributes {ks.arg_ranks = array<i64: 1, 1>,
                                                 ks.invariant_args = array<i64: 0>} {
      %v = llvm.load %p : !llvm.ptr -> f32        // %p: a getelementptr of %a
    // becomes
    llvm.func @k(%a: !llvm.ptr, ...) {
      %v = llvm.load %p invariant : !llvm.ptr -> f32
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def KSDropFalsePredicatedOps : Pass<"ks-drop-false-predicated-ops", "mlir::gpu::GPUModuleOp"> {
  let summary = "Erase NVVM ops whose predicate is the constant false";
  let description = [{
    NVVM ops written as inline PTX take an optional predicate (`@p op`).
    Where a kernel's pipeline has fewer steps than stages, the predicate of a
    prefetch past the last step folds to `false`, and the inline PTX would
    read `@0 mbarrier.arrive...`, which ptxas rejects. Such an op never runs,
    so it is erased. Ops with a predicate known only at run time, a true
    predicate or none stay. Run after canonicalization has folded the
    predicates, before NVVM ops become inline assembly.

    ```mlir
    %false = arith.constant false
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %false : !llvm.ptr<3>, i32, i1
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %p : !llvm.ptr<3>, i32, i1
    // becomes
    nvvm.mbarrier.arrive.expect_tx %bar, %tx, predicate = %p : !llvm.ptr<3>, i32, i1
    ```
  }];
  let statistics = [
    Statistic<"numErased", "erased", "ops with a constant-false predicate erased">
  ];
}

def KSRematerializeWidening : Pass<"ks-rematerialize-widening", "mlir::gpu::GPUModuleOp"> {
  let summary = "Widen f32 values to f64 again after a barrier, in inline PTX LLVM does not merge";
  let description = [{
    In each kernel (`gpu.func`), an `arith.extf` from f32 to f64 at the top
    level of the body whose operand the kernel already widened before a
    barrier (`gpu.barrier`, an NVVM block or cluster barrier) becomes inline
    PTX `cvt.f64.f32`. LLVM would otherwise merge it with the first widening
    and keep the f64 copy alive across the barriers: a row kept in registers
    would need twice the registers for the values each phase widens (a group
    norm's statistics in f64 of f32 inputs). Widenings in the same phase, of
    other types, or in nested regions stay.

    ```mlir
    %w0 = arith.extf %x : f32 to f64
    gpu.barrier
    %w2 = arith.extf %x : f32 to f64
    // becomes
    %w0 = arith.extf %x : f32 to f64
    gpu.barrier
    %w2 = llvm.inline_asm "cvt.f64.f32 $0, $1;", "=d,f" %x : (f32) -> f64
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def KSL1NoAllocateLoads : Pass<"ks-l1-no-allocate-loads", "mlir::gpu::GPUModuleOp"> {
  let summary = "Read kernel arguments' buffers with ld.global.L1::no_allocate in marked kernels";
  let description = [{
    In each kernel (`llvm.func`, after the NVVM conversion) marked
    `ks.l1_no_allocate`, each `llvm.load` that streams from a kernel
    argument's buffer becomes inline PTX `ld.global.L1::no_allocate`, for 32-
    and 64-bit scalars and 1-, 2- and 4-element vectors aligned to their size.
    Mostly-reading kernels (reductions) then leave the L1 cache to the data
    that is reused. A load streams when its address depends on both a block id
    and a thread id (a weight every block reads, or a statistic every thread
    of a block reads, keeps the L1), no other load of the kernel reads within
    128 bytes of it, and no loop moves it by less than 128 bytes a trip. The
    hint does not change what a load reads; the inline asm is marked as
    touching memory, so it keeps its order with stores and barriers. The mark
    is removed.

    ```mlir
    llvm.func @streams(%x: !llvm.ptr, ...) attributes {gpu.kernel, ks.l1_no_allocate, ...} {
      %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %a = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    // becomes
    llvm.func @streams(%x: !llvm.ptr, ...) attributes {gpu.kernel, ...} {
      %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %g = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<1>
      %a = llvm.inline_asm has_side_effects asm_dialect = att
          "ld.global.L1::no_allocate.f32 $0, [$1];", "=f,l,~{memory}" %g : (!llvm.ptr<1>) -> f32
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def KSSinkIntoKernels : Pass<"ks-sink-into-kernels", "mlir::func::FuncOp"> {
  let summary = "Move the constants a skill's kernel uses into it";
  let description = [{
    Canonicalization hoists constants out of `gpu.launch` bodies, and
    outlining would then pass them to the kernel as arguments. For launches
    made by a skill (`ks.skill`), the constants and poison values used inside
    are cloned into the body, so the device compiler sees static trip counts
    and indices (loops unrolled, private arrays kept in registers) and only
    buffers are passed. Run right before kernel outlining.

    ```mlir
    %c4 = arith.constant 4 : index
    gpu.launch ... {
      scf.for %k = %c0 to %c4 step %c1 { ... }
    } {ks.skill = "matmul_register_tile"}
    // becomes
    gpu.launch ... {
      %c4 = arith.constant 4 : index
      scf.for %k = %c0 to %c4 step %c1 { ... }
    } {ks.skill = "matmul_register_tile"}
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSOutlineKernels : Pass<"ks-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Outline GPU kernels, keeping their launches' NVVM attributes";
  let description = [{
    Upstream's `gpu-kernel-outlining`, except that each kernel also keeps the
    `nvvm.*` attributes its `gpu.launch` carried (`nvvm.minctasm`,
    `nvvm.maxnreg`: launch bounds a skill chose), which upstream drops; they
    reach the PTX as `.minnctapersm` / `.maxnreg`. A launch's
    `ks.l1_no_allocate` (see `ks-mark-l1-no-allocate`) is kept the same way.
    Other attributes stay behind.

    ```mlir
    gpu.launch blocks(...) in (...) threads(...) in (...) {
      ...
    } {nvvm.minctasm = 3 : i32, nvvm.maxnreg = 64 : i32, ks.other}
    // becomes
    gpu.launch_func @main_kernel_0::@main_kernel blocks in (...) threads in (...) args(...)
    gpu.module @main_kernel_0 {
      gpu.func @main_kernel(...) kernel attributes {..., nvvm.maxnreg = 64 : i32,
                                                    nvvm.minctasm = 3 : i32} { ... }
    }
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSLabelKernels : Pass<"ks-label-kernels", "mlir::ModuleOp"> {
  let summary = "Label each outlined kernel module with the dispatch it computes";
  let description = [{
    After kernel outlining, moves the kernel -> dispatch map that the seed
    mapping kept on each host function (`ks.kernel_dispatches`) onto the
    kernel modules, so per-kernel times and counters can be traced back to
    dispatches. A kernel a skill made keeps its dispatch the same way.

    ```mlir
    func.func @main(...) attributes {ks.kernel_dispatches = {main_kernel = 0 : i64, ...}}
    gpu.module @main_kernel { ... }
    // becomes
    func.func @main(...)
    gpu.module @main_kernel attributes {ks.dispatch = 0 : i64} { ... }
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSUniqueReturnBuffers : Pass<"ks-unique-return-buffers", "mlir::func::FuncOp"> {
  let summary = "Give every returned buffer its own allocation";
  let description = [{
    A function that returns one buffer in several results gets a fresh buffer
    and a copy for each repeat, so that every result can become its own
    caller-provided out-parameter (`buffer-results-to-out-params`).

    ```mlir
    %a = memref.alloc() : memref<4xf32>
    return %a, %a, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>
    // becomes
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    %c = memref.alloc() : memref<4xf32>
    memref.copy %a, %c : memref<4xf32> to memref<4xf32>
    return %a, %b, %c : memref<4xf32>, memref<4xf32>, memref<4xf32>
    ```
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def KSResultsInPlace : Pass<"ks-results-in-place", "mlir::func::FuncOp"> {
  let summary = "Compute a result returned through a reshape in its out-parameter, not copy it";
  let description = [{
    `buffer-results-to-out-params` writes a result that is an allocation into
    the caller's buffer directly, but a result that is a reshape of one (a
    pooling's [N, C, 1, W] output returned as [N, C, W]) is copied: one more
    kernel reading and writing the whole result. Where the copy's target is an
    out-parameter used by nothing else and the allocation is used only before
    the copy (and by its deallocation), the allocation becomes the inverse
    reshape of the out-parameter and the copy goes.

    ```mlir
    %a = memref.alloc() : memref<2x4x1x8xf32>
    linalg.fill ins(%one : f32) outs(%a : memref<2x4x1x8xf32>)
    %c = memref.collapse_shape %a [[0], [1, 2], [3]] : ... into memref<2x4x8xf32>
    memref.copy %c, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
    memref.dealloc %a : memref<2x4x1x8xf32>
    // becomes
    %v = memref.expand_shape %out [[0], [1, 2], [3]] output_shape [2, 4, 1, 8]
        : memref<2x4x8xf32> into memref<2x4x1x8xf32>
    linalg.fill ins(%one : f32) outs(%v : memref<2x4x1x8xf32>)
    ```
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def KSMemrefCopyToLinalg : Pass<"ks-memref-copy-to-linalg"> {
  let summary = "Turn memref.copy into linalg.copy so copies run as kernels";
  let description = [{
    Bufferization materializes tensor copies, pads, concats and slice
    insertions as `memref.copy`. On device memory a copy must run on the GPU,
    so each one in host code becomes a `linalg.copy`, which the seed lowering
    maps to a kernel like any other op. Copies already inside a kernel stay;
    a copy of a view onto the same view (an operand computed in place into
    its slice of a concatenation) goes.

    ```mlir
    memref.copy %src, %v : memref<2x5xf32> to memref<2x5xf32, strided<[8, 1], offset: 3>>
    // becomes
    linalg.copy ins(%src : memref<2x5xf32>)
                outs(%v : memref<2x5xf32, strided<[8, 1], offset: 3>>)
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def KSMapParallelLoopsToGPU
    : Pass<"ks-map-parallel-loops-to-gpu", "mlir::func::FuncOp"> {
  let summary = "Map each top-level loop nest of a host function to a gpu.launch";
  let description = [{
    The seed mapping. Every top-level `scf.parallel` becomes a `gpu.launch`
    over a 1-D grid whose threads cover the linearized iteration space
    (innermost dimension fastest, for coalescing), with a bounds check for the
    tail. Sequential top-level work (an `scf.for`, or a run of loads, scalar
    arithmetic and stores) runs in a single-thread launch. Constant weights a
    kernel reads (`memref.get_global` and views of it) are cloned into the
    kernel, so they live in device memory, uploaded once with the module.

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c300, %c5) step (%c1, %c1) {
      %v = memref.load %a[%j, %i] : memref<5x300xf32>
      ...
      memref.store %x, %o[%i, %j] : memref<300x5xf32>
    }
    // becomes (1500 points: 6 blocks of 256 threads)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c6, ...) threads(%tx, %ty, %tz) in (%sx = %c256, ...) {
      %m = arith.muli %bx, %c256 : index
      %lin = arith.addi %m, %tx : index
      %in = arith.cmpi ult, %lin, %c1500 : index
      scf.if %in {
        %idx:2 = affine.delinearize_index %lin into (300, 5) : index, index
        %v = memref.load %a[%idx#1, %idx#0] : memref<5x300xf32>
        ...
      }
      gpu.terminator
    }
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (a multiple of 32, at most 1024)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::affine::AffineDialect",
                           "mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def KSScaleAfterContraction : Pass<"ks-scale-after-contraction", "mlir::func::FuncOp"> {
  let summary = "Move constant scales of a contraction's operands to the ops that read its result";
  let description = [{
    A contraction on tensors (`linalg.matmul`, `linalg.batch_matmul`, an
    equivalent generic) with a zero-filled init, whose operands are (through
    single-use reshapes) single-use elementwise ops multiplying their input by
    a constant, reads those inputs instead; every op that reads its result
    (only `linalg.generic` inputs, through reshapes) multiplies the value by
    the product of the constants. PyTorch's attention scales q and k by
    d ** -0.25 each: the scaled copies are no longer computed, and a transpose
    that fed one can then fold into the contraction. The product is linear in
    each operand, so this is exact up to rounding.

    ```mlir
    %qs = linalg.generic {...} ins(%q : tensor<2x2x8x4xf32>) ... { arith.mulf %a, %h }
    %kts = linalg.generic {...} ins(%kt : tensor<2x2x4x8xf32>) ... { arith.mulf %a, %h }
    ...
    %s = linalg.batch_matmul ins(%qc, %kc : tensor<4x8x4xf32>, tensor<4x4x8xf32>) ...
    %max = linalg.generic {...} ins(%rows2 : tensor<32x8xf32>) ... {
      %r = arith.maximumf %a, %acc : f32 }
    // becomes
    %s = linalg.batch_matmul ins(%qc, %kc : ...) ...   // collapses of %q and %kt
    %max = linalg.generic {...} ins(%rows2 : tensor<32x8xf32>) ... {
      %scaled = arith.mulf %in, %cst : f32              // 0.25
      %r = arith.maximumf %scaled, %acc : f32 }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def KSCloneSharedFills : Pass<"ks-clone-shared-fills", "mlir::func::FuncOp"> {
  let summary = "Give every op a fill of its own where several ops start from one filled tensor";
  let description = [{
    A `linalg.fill` on tensors that is the init (destination) of several
    linalg ops is cloned, with a `tensor.empty` of its own, before each of
    them but the first, so every op starts from a fill of its own. CSE
    merges the zero fills of the GEMMs and convolutions of one output shape
    into one op; bufferization then keeps the filled value for the later
    readers, fills one buffer and copies it into each op's output buffer,
    and the skills, which fold a zero fill into a kernel's first store, see
    a copied buffer instead. Cloned, each output
    buffer is filled in place and the fill folds into the kernel. Uses as an
    input (a read) keep the original fill, and so do padded inputs (a
    `tensor.insert_slice` into the fill), which the skills fold as copies of
    a filled buffer.

    ```mlir
    %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
    %a = linalg.matmul ins(%x, %w0 : ...) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
    %b = linalg.matmul ins(%a, %w1 : ...) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
    // becomes
    %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
    %a = linalg.matmul ins(%x, %w0 : ...) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
    %empty1 = tensor.empty() : tensor<64x32xf32>
    %zero1 = linalg.fill ins(%c0 : f32) outs(%empty1 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %b = linalg.matmul ins(%a, %w1 : ...) outs(%zero1 : tensor<64x32xf32>) -> tensor<64x32xf32>
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numCloned", "cloned", "fills cloned for an op of their own">
  ];
}

def KSEpilogueInPlace : Pass<"ks-epilogue-in-place", "mlir::func::FuncOp"> {
  let summary = "Write an elementwise op after a GEMM or convolution over its result";
  let description = [{
    An elementwise `linalg.generic` whose init is a `tensor.empty` (its
    payload does not read it) and that is the only reader of the result of a
    linalg op that sums products over a reduction loop (a GEMM, a
    convolution; not a pooling), of the same type and read through the
    identity, takes that result as its init: bufferized,
    it writes the buffer the contraction wrote. Torch-MLIR's elementwise ops
    all write one CSE'd `tensor.empty`, so bufferization may give a layer's
    bias add the buffer the layer's GEMM reads (the previous layer's output,
    dead by then); a GEMM skill computing the bias add in its epilogue would
    then write a buffer its other blocks still read, and the epilogue is
    refused.

    ```mlir
    %m = linalg.matmul ins(%x, %w : ...) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
    %y = linalg.generic {...} ins(%m, %bias : tensor<64x32xf32>, tensor<32xf32>)
        outs(%empty : tensor<64x32xf32>) {...} -> tensor<64x32xf32>
    // becomes
    %y = linalg.generic {...} ins(%m, %bias : tensor<64x32xf32>, tensor<32xf32>)
        outs(%m : tensor<64x32xf32>) {...} -> tensor<64x32xf32>
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def KSOnePassVariance : Pass<"ks-one-pass-variance", "mlir::func::FuncOp"> {
  let summary = "Take a variance's sum and sum of squares in one reduction";
  let description = [{
    On tensors. Torch-MLIR's layer, group and instance norms sum each row
    (for the mean), then sum `(x - m)^2` with `m` computed from that sum: two
    passes over the input, the second waiting for the first; `torch.var`
    and `torch.std` do the same over any dim. Where a reduction from zero
    over one loop (the innermost or not) adds `(extf(x) - m)^2`, `m`
    computed from an earlier sum from zero of `extf(x)` (the same `x`, the
    same loops) and
    constants only, both are taken in one reduction with two outputs, the sum
    of `x` and of `x * x`; the second pass's result becomes, per row,
    `sum x^2 - m * (2 * sum x - n * m)`. Only where `extf` at least doubles
    the mantissa (f32 to f64, f16 or bf16 to f32): the squares are exact and
    the subtraction loses less than the element's own rounding.

    ```mlir
    %s = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x1024xf32>) outs(%zero : tensor<8xf64>) { extf, addf }
    %v = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%x, %s : tensor<8x1024xf32>, tensor<8xf64>) outs(%zero2 : tensor<8xf64>)
        { divf(s, n), extf, subf, mulf, addf }
    // becomes
    %both:2 = linalg.generic {... iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x1024xf32>) outs(%zero, %zero3 : tensor<8xf64>, tensor<8xf64>)
        { extf, addf, mulf, addf }
    %v = linalg.generic {... iterator_types = ["parallel"]}
        ins(%both#0, %both#1 : tensor<8xf64>, tensor<8xf64>) outs(%e : tensor<8xf64>)
        { m = divf(s, n); sq - m * (2 * s - n * m) }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "variances taken in one pass">
  ];
}

def KSOnePassSoftmax : Pass<"ks-one-pass-softmax", "mlir::func::FuncOp"> {
  let summary = "Take a softmax's maximum and sum of exponentials in one reduction";
  let description = [{
    On tensors. A softmax or log-softmax reduces its input twice before
    normalizing it: the maximum, then the sum of `exp(x - max)`, which waits
    for the maximum. Where a reduction from zero adds `exp(x - m)`, `m` the
    maximum from -inf of the same `x` over the same loops, and the reduced
    loop is not the innermost (a softmax over channels, which a thread walks
    in order), both are one reduction with two outputs: the running maximum
    and the sum of exponentials rescaled whenever the maximum grows (the
    online softmax), one exponential an element. Along rows the row skills
    keep the row on chip and fold each output with its own operator, which
    cannot fold this pair; rows are left alone. Infinite inputs give what
    the two passes give (a -inf adds nothing, a +inf makes the sum NaN).

    ```mlir
    %m = linalg.generic {... iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<4x64x256xf32>) outs(%ninf : tensor<4x256xf32>) { maximumf }
    %s = linalg.generic {... iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x, %m : tensor<4x64x256xf32>, tensor<4x256xf32>) outs(%zero : tensor<4x256xf32>)
        { subf, exp, addf }
    // becomes
    %both:2 = linalg.generic {... iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<4x64x256xf32>) outs(%ninf, %zero2 : tensor<4x256xf32>, tensor<4x256xf32>)
        { m' = max(m, x); s' = x > m ? s * exp(m - x) + 1 : s + exp(x - m) }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::math::MathDialect", "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "softmax sums taken with their maximum">
  ];
}

def KSHoistBroadcastTerms : Pass<"ks-hoist-broadcast-terms", "mlir::func::FuncOp"> {
  let summary = "Compute an elementwise op's terms of its broadcast inputs once per point";
  let description = [{
    On tensors. An elementwise `linalg.generic` that reads inputs through a
    broadcasting map (a row's mean and variance read as `(d0, d1, 0, 0)`)
    computes what depends on them alone at every point: Torch-MLIR's
    instance norm divides the f64 variance, adds eps and takes the square
    root per element. Where such terms include f64 arithmetic (f32
    divisions and roots hide under the op's memory time), they are computed
    once per point of those inputs, in
    an elementwise op over their shape, and the op reads its results through
    the same map instead. The op keeps the per-element work, and often only
    f32 operands, which the vectorizing skills take.

    ```mlir
    %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], ...}
        ins(%x, %mean, %var : tensor<8x1024xf32>, tensor<8x1xf32>, tensor<8x1xf64>) ... {
      %v = arith.divf %var_in, %n : f64  ...  %r = math.rsqrt %e : f32
      %d = arith.subf %x_in, %mean_in : f32
      %o = arith.mulf %d, %r : f32 }
    // becomes
    %r = linalg.generic {... identity maps over 8x1 ...} ins(%var : tensor<8x1xf64>) { divf, truncf, addf, rsqrt }
    %y = linalg.generic {indexing_maps = [#id, #row, #row, #id], ...}
        ins(%x, %mean, %r : tensor<8x1024xf32>, tensor<8x1xf32>, tensor<8x1xf32>) ... { subf, mulf }
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numHoisted", "hoisted", "elementwise ops whose broadcast terms were hoisted">
  ];
}

def KSConcatInPlace : Pass<"ks-concat-in-place", "mlir::func::FuncOp"> {
  let summary = "Compute a concatenation's operands into their slices of its result";
  let description = [{
    One-Shot Bufferize gives `tensor.concat` a buffer of its own and copies
    each operand into its slice: an extra pass over the whole result. This
    pass writes each concatenation as `tensor.insert_slice`s into an empty
    tensor (upstream's decomposition), then runs upstream's empty-tensor
    elimination: an operand computed into a `tensor.empty` is computed into
    its slice of the result instead, and bufferizes in place. Operands
    that are not computed here (a function argument, another op's result
    that is also used elsewhere) are still copied. A concatenation with an
    operand computed by a contraction, a convolution or another named op
    is left whole: the kernels their skills emit address a row-major
    output, not a slice of one. Since the elimination takes every subset
    insertion of the function, it is not run where any of them inserts
    such an op's result (a transposed convolution's strided phases).

    ```mlir
    %e = tensor.empty() : tensor<16x2047xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %s = linalg.generic ... outs(%f : tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %r = tensor.concat dim(1) %head, %s
        : (tensor<16x1xf32>, tensor<16x2047xf32>) -> tensor<16x2048xf32>
    // becomes
    %r0 = tensor.empty() : tensor<16x2048xf32>
    %r1 = tensor.insert_slice %head into %r0[0, 0] [16, 1] [1, 1]
    %e = tensor.extract_slice %r1[0, 1] [16, 2047] [1, 1]
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %s = linalg.generic ... outs(%f : tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %r = tensor.insert_slice %s into %r1[0, 1] [16, 2047] [1, 1]
    ```
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

def KSSimplifyPowers : Pass<"ks-simplify-powers", "mlir::func::FuncOp"> {
  let summary = "Rewrite powers by small constants (x ** 2, x ** 0.5) as multiplications, sqrt, rsqrt";
  let description = [{
    Upstream's algebraic simplification of math ops, on every function:
    `math.powf`, `math.fpowi` and `math.ipowi` by small constant exponents
    become multiplications (x ** 2 is x * x), divisions, `math.sqrt` and
    `math.rsqrt`. Torch-MLIR writes squares as `math.powf(x, 2.0)`, which on
    the GPU is a logarithm and an exponential per element; one multiplication,
    rounded once, is also closer to the exact square. Other exponents stay.

    ```mlir
    %sq = math.powf %abs, %two : f32
    %root = math.powf %sq, %half : f32
    %d2 = math.fpowi %d, %itwo : f32, i64
    // becomes
    %sq = arith.mulf %abs, %abs : f32
    %root = math.sqrt %sq : f32
    %d2 = arith.mulf %d, %d : f32
    ```
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect",
                           "mlir::vector::VectorDialect"];
}

def KSLogOfExpQuotient : Pass<"ks-log-of-exp-quotient", "mlir::func::FuncOp"> {
  let summary = "Rewrite log(exp(a) / b) as a - log(b) (the log of a softmax)";
  let description = [{
    Torch-MLIR's `log(softmax(x))` is, once fused, `log(exp(a) / b)` per
    element: an exponential, a correctly rounded division and a logarithm,
    where `a - log(b)` needs one subtraction and a logarithm that is the same
    for a whole row. Where the original's `exp(a)` or quotient would not be a
    normal float (infinite, subnormal or 0) the original is computed, in an
    `scf.if` rarely taken, so its infinities and subnormal roundings stay;
    elsewhere the result differs only by the roundings of the steps left out.
    f32 and f64.

    ```mlir
    %e = math.exp %a : f32
    %q = arith.divf %e, %b : f32
    %l = math.log %q : f32
    // becomes
    %logb = math.log %b : f32
    %d = arith.subf %a, %logb : f32
    ...                       // %a or %d outside the range of normal exp results
    %r = scf.if %abnormal -> (f32) {
      %e = math.exp %a : f32
      %q = arith.divf %e, %b : f32
      %l = math.log %q {ks.log_of_exp_quotient} : f32
      scf.yield %l : f32
    } else {
      scf.yield %d : f32
    }
    ```
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def KSFoldIndexTables : Pass<"ks-fold-index-tables", "mlir::func::FuncOp"> {
  let summary = "Compute a gather's constant index tables from the loop indices instead of reading them";
  let description = [{
    Torch-MLIR's `aten.index` reads integer constant tables of indices (group
    norm's per-channel weight and bias). A `linalg.generic` on tensors that
    reads a table whose value at its row-major position L is
    `((L floordiv a) mod b) * s + c` computes it instead: `linalg.index` ops,
    one `affine.apply` of that expression, and an `arith.index_cast` to the
    table's type; the table is no longer an operand. The smallest `a`, then
    `b`, that fit are taken; a table of one value is a constant. Tables that
    fit no such form stay.

    ```mlir
    %rows = arith.constant dense<[[0, 0, 0, 0], [1, 1, 1, 1]]> : tensor<2x4xi64>
    %g = linalg.generic {...} ins(%rows, ... : tensor<2x4xi64>, ...) ... {
    ^bb0(%n: i64, ...):
      %ni = arith.index_cast %n : i64 to index
      %v = tensor.extract %w[%ni, %hi] : tensor<2x2xf32>
    // becomes
    %g = linalg.generic {...} ins(... : tensor<2x4xi64>) ... {
    ^bb0(...):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %n = affine.apply affine_map<(d0, d1) -> ((d0 + d1 floordiv 4) mod 2)>(%i, %j)
      ...
      %v = tensor.extract %w[...] : tensor<2x2xf32>
    ```
  }];
  let dependentDialects = ["mlir::affine::AffineDialect", "mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect"];
}

def KSExtractsToOperands : Pass<"ks-extracts-to-operands", "mlir::func::FuncOp"> {
  let summary = "Read a generic op's gathers at affine indices as operands";
  let description = [{
    In a `linalg.generic` on tensors, a `tensor.extract` from a tensor defined
    outside the op, at indices that are (over the loops' ranges) constants,
    loop indices, or a loop index's quotient or remainder by a constant,
    becomes an input operand with that indexing map: a gather the kernels
    cannot see through becomes a plain read. A loop read through a quotient
    and remainder by c becomes two loops (range / c, c), and every operand
    that reads it is expanded there (`tensor.expand_shape`); the results are
    collapsed back. Index reading sees through casts, `affine.apply`,
    arithmetic by constants and Torch's `i < 0 ? i + size : i`. A reduction
    so rewritten then has its loops merged as `ks-collapse-reduction-dims`
    does. Ops where a split loop is also read whole are left alone.

    ```mlir
    %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %v = tensor.extract %t[%j, %i] : tensor<6x4xf32>
      %s = arith.addf %in, %v : f32
      linalg.yield %s : f32
    }
    // becomes
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d1, d0)>,
                                          affine_map<(d0, d1) -> (d0, d1)>], ...}
        ins(%x, %t : tensor<4x6xf32>, tensor<6x4xf32>) outs(%e : tensor<4x6xf32>) {
    ^bb0(%in: f32, %v: f32, %out: f32):
      %s = arith.addf %in, %v : f32
      linalg.yield %s : f32
    }
    ```
  }];
  let dependentDialects = ["mlir::affine::AffineDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def KSForwardRowValues : Pass<"ks-forward-row-values", "mlir::func::FuncOp"> {
  let summary = "Keep the row elements a thread owns in registers between the ops of a row chain";
  let description = [{
    A row-chain skill (`ks.fuse_row_chain` with `ks.row_registers`) computes
    several ops over a row in one kernel, each reading what the last wrote.
    In each `gpu.launch` with accesses marked `ks.row_owned` (elements one
    thread alone touches), a load takes the value the thread last loaded or
    stored at the same element, unless a store since may have changed it, and
    loads from buffers the kernel never writes are forwarded too. A marked
    store that a later marked store of the thread overwrites, with nothing
    that may read the buffer in between, is dropped. The row then stays in
    registers between the chain's ops. Elements match by view and index values
    (run after CSE), or by their offsets where the views are static subviews
    and reshapes; buffers of different roots are taken not to overlap. A
    kernel with an op whose writes are not known is left alone.

    Likewise a value thread 0 alone stores (a row's statistic) and the block
    loads back after a barrier is read from a workgroup buffer instead of
    global memory, once: a later phase's load of it takes the value the first
    load at the top of the launch body read, so the same arithmetic on it in
    two phases is one computation after CSE.

    ```mlir
    %a = memref.load %x[%tx] {ks.row_owned} : memref<256xf32>
    %e = math.exp %a : f32
    memref.store %e, %out[%tx] {ks.row_owned} : memref<256xf32>
    gpu.barrier
    %b = memref.load %out[%tx] {ks.row_owned} : memref<256xf32>
    %c = memref.load %x[%tx] : memref<256xf32>
    %s = arith.addf %b, %c : f32
    memref.store %s, %out[%tx] {ks.row_owned} : memref<256xf32>
    // becomes
    %a = memref.load %x[%tx] {ks.row_owned} : memref<256xf32>
    %e = math.exp %a : f32
    gpu.barrier
    %s = arith.addf %e, %a : f32
    memref.store %s, %out[%tx] {ks.row_owned} : memref<256xf32>
    ```
  }];
}

def KSCompensateLongSums : Pass<"ks-compensate-long-sums", "mlir::func::FuncOp"> {
  let summary = "Add a rounding-error compensation to long floating-point sums in kernels";
  let description = [{
    A thread that adds thousands of floats into one value loses a rounding at
    every addition. In each `gpu.launch`, an `scf.for` whose carried float
    value (a scalar, a vector, or a one-element vector read through
    `vector.extract` and yielded through `vector.broadcast`) is updated only
    by a chain of `arith.addf` (an in-order `vector.reduction <add>` counts
    as its elements added one by one) becomes a compensated (Kahan) sum when
    the loop adds at least `min-terms` terms into it: the loop also carries
    the rounding error of each addition and subtracts it from the next term,
    so the total loses no more than a few roundings. Below `min-terms` a plain
    sum's error stays small and the compensation would lengthen the loop's
    dependent chain. Additions with fast-math flags are left alone, and so
    are loops that carry more than four float values (a contraction's
    register tile, whose many accumulators already split the sum).

    ```mlir
    %s = scf.for %i = %c0 to %c4096 step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %in[%i] : memref<4096xf32>
      %next = arith.addf %acc, %x : f32
      scf.yield %next : f32
    }
    // becomes
    %r:2 = scf.for ... iter_args(%acc = %zero, %lost = %zero) -> (f32, f32) {
      %y = arith.subf %x, %lost : f32
      %t = arith.addf %acc, %y : f32
      %d = arith.subf %t, %acc : f32
      %e = arith.subf %d, %y : f32
      scf.yield %t, %e : f32, f32
    }
    ```
  }];
  let options = [
    Option<"minTerms", "min-terms", "int64_t", /*default=*/"1024",
           "Fewest terms a loop adds into one value for it to be compensated">
  ];
  let statistics = [
    Statistic<"numCompensated", "compensated", "loop-carried sums compensated">
  ];
  let dependentDialects = ["mlir::vector::VectorDialect"];
}

def KSUseDeviceMemory : Pass<"ks-use-device-memory", "mlir::func::FuncOp"> {
  let summary = "Allocate host-function buffers in device memory";
  let description = [{
    Rewrites each `memref.alloc` of a host function to `gpu.alloc` and frees
    it with `gpu.dealloc` right after its last use (uses through views
    count), so intermediates between kernels stay on the device and nothing
    is copied between host and device.

    ```mlir
    %a = memref.alloc() : memref<4x8xf32>
    gpu.launch ... { memref.store %f, %a[%c0, %c0] : memref<4x8xf32> ... }
    %view = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
    gpu.launch ... { %p = memref.load %view[%c0] : memref<32xf32> ... }
    // becomes
    %a = gpu.alloc () : memref<4x8xf32>
    gpu.launch ... { memref.store %f, %a[%c0, %c0] : memref<4x8xf32> ... }
    %view = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
    gpu.launch ... { %p = memref.load %view[%c0] : memref<32xf32> ... }
    gpu.dealloc %a : memref<4x8xf32>
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSAttachNVVMTarget : Pass<"ks-attach-target", "mlir::ModuleOp"> {
  let summary = "Attach an NVVM target for a supported chip to every gpu.module";
  let description = [{
    Looks the chip up in the table of supported NVIDIA chips, which also gives
    the PTX ISA version that chip needs, and attaches
    `#nvvm.target<chip = ..., features = "+ptxNN">` to every `gpu.module`. A
    module that uses newer instructions gets the PTX version they need (PTX
    8.0 for relaxed cluster arrives; sm_90a and PTX 8.0 for wgmma or TMA). An
    unknown chip, a PTX version LLVM cannot emit and a `cuda-path` that is no
    directory are errors.

    ```mlir
    gpu.module @relaxed {
      gpu.func @k() kernel { nvvm.cluster.arrive.relaxed {aligned} ... }
    }
    gpu.module @plain { ... }
    // becomes, with chip=sm_90
    gpu.module @relaxed [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">] { ... }
    gpu.module @plain [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">] { ... }
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"ks::kDefaultChip.str()",
           "Target chip (sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_120)">,
    Option<"optLevel", "opt-level", "unsigned", /*default=*/"3",
           "LLVM optimization level for the device code (0-3)">,
    Option<"ptxVersion", "ptx-version", "unsigned", /*default=*/"0",
           "PTX ISA version times ten (e.g. 80 for 8.0); 0 = the chip's default">,
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"",
           "CUDA toolkit root the binaries are built against; must exist where given">,
  ];
  let dependentDialects = ["mlir::NVVM::NVVMDialect", "mlir::gpu::GPUDialect"];
}

def KSSerializeKernels : Pass<"ks-serialize-kernels", "mlir::ModuleOp"> {
  let summary = "Compile every gpu.module to PTX, shunning a load-store vectorizer bug";
  let description = [{
    `gpu-module-to-binary` with `format=isa`, with one difference: a module
    whose optimized LLVM IR indexes a load or store by a value widened from
    fewer than 32 bits is compiled without LLVM's load-store vectorizer.
    LLVM 22's vectorizer computes the distance between two such accesses in
    the narrow type (after InstCombine narrowed an index's `urem` to i16,
    say) and may wrap it, and then takes two distinct addresses for one: a
    load is dropped and its value replaced by another's. Other modules keep
    the vectorizer (it joins neighbouring scalar accesses into vector ones).
    A module the process compiled before, to the same text, takes the
    binary it gave then (the tuner builds each plan's kernels anew).

    ```llvm
    ; optimized LLVM IR of a kernel (t: the thread index, below 1024)
    %a = urem i16 (t | 18432), 9216      ; t
    %b = urem i16 (t | 35840), 9216      ; t + 8192
    load (in + 4 * zext %a)              ; the vectorizer's distance:
    load (in + 4 * zext %b + 32768)      ; 4 * 8192 + 32768 wraps to 0 in i16
    // compiled without the vectorizer: two loads, as written
    ```
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", /*default=*/"\"\"",
           "CUDA toolkit root (libdevice)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

def KSVerifyPTX : Pass<"ks-verify-ptx", "mlir::ModuleOp"> {
  let summary = "Assemble every PTX object with ptxas and record its resource report";
  let description = [{
    For every `gpu.binary` object holding PTX for an `#nvvm.target`, runs
    `ptxas -v` for the object's chip, so a kernel ptxas rejects fails the
    compile with ptxas's message rather than at load time. On success the
    per-kernel resource report (registers, shared memory, stack, spill stores
    and loads, constant memory, barriers) is attached to the binary as
    `ks.ptxas`, and optionally written to a JSON file and printed, with the
    issue slots a thread takes where the kernel's PTX has no loop (read from
    the PTX, weighted by what sm_90 issues for each instruction; 0 where it
    loops), which the cost model charges. ptxas is
    found through the `ptxas` option, then `$CUDA_HOME/bin`, `$CUDA_PATH/bin`,
    `/usr/local/cuda/bin` and `PATH`.

    ```mlir
    gpu.binary @store_tid [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">,
                                       assembly = ".version 7.8\0A.target sm_90 ...">]
    // becomes
    gpu.binary @store_tid {ks.ptxas = {sm_90 = {store_tid = {barriers = 0 : i64,
        constant_bytes = ..., issue_slots = 1 : i64, registers = ...,
        spill_load_bytes = 0 : i64, ...}}}}
        [#gpu.object<...>]
    ```
  }];
  let options = [
    Option<"ptxasPath", "ptxas", "std::string", /*default=*/"\"\"",
           "Path to ptxas (default: search CUDA_HOME, CUDA_PATH, /usr/local/cuda, PATH)">,
    Option<"reportFile", "report", "std::string", /*default=*/"\"\"",
           "Write the ptxas resource report of every kernel to this JSON file">,
    Option<"ptxDir", "ptx-dir", "std::string", /*default=*/"\"\"",
           "Write each kernel module's PTX to <dir>/<module>.ptx">,
    Option<"printReport", "print-report", "bool", /*default=*/"false",
           "Print a table of the ptxas report to stderr">,
    Option<"timeoutSeconds", "timeout", "unsigned", /*default=*/"120",
           "Seconds ptxas may run on one module before it is stopped">,
  ];
}

#endif // KS_TRANSFORMS_PASSES
