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
    emits and what the seed lowering can map to GPU kernels: `func.func`
    with tensor (or scalar) arguments and results, static shapes everywhere,
    and only ops of the supported set (linalg structured ops, the tensor ops
    empty/pad/extract_slice/insert_slice/expand_shape/collapse_shape/concat/
    cast, arith, math). Each violation is reported on the offending op with
    its name; the pass fails if any was found.
  }];
}

def KSDropDeviceAssertions : Pass<"ks-drop-device-assertions", "mlir::ModuleOp"> {
  let summary = "Remove cf.assert from linalg and tensor.pad bodies";
  let description = [{
    Torch-MLIR guards some lowerings with `cf.assert` inside linalg bodies
    (e.g. batch norm, cross entropy's class index). GPU kernels cannot
    report a failed assertion, so they are removed before the seed lowering,
    as device code does in IREE; the numerics checks against the reference
    are what catch bad values. Asserts elsewhere are left for the input
    contract to report.
  }];
  let statistics = [
    Statistic<"numDropped", "dropped", "cf.assert ops removed">
  ];
}

def KSFoldDiagonalMatmul : Pass<"ks-fold-diagonal-matmul"> {
  let summary = "Rewrite a matmul with a diagonal operand as a scaling";
  let description = [{
    On tensors. A `linalg.matmul` (default maps, float) whose LHS or RHS is
    built as a diagonal matrix (a generic over two parallel loops yielding
    `select(index(0) == index(1), v, 0.0)`, as Torch-MLIR lowers
    `torch.diag(v)`) is replaced by an elementwise op: C[i, j] + v[i] * B[i, j]
    for diag(v) @ B, C[i, j] + A[i, j] * v[j] for A @ diag(v). N^2 work and
    memory traffic instead of N^3; the diagonal matrix is no longer built.
    The only difference in results is for non-finite entries of the dense
    operand, which the matmul spreads (0 * inf) along its row or column.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numFolded", "folded", "matmuls with a diagonal operand rewritten">
  ];
}

def KSFoldTransposeIntoMatmul : Pass<"ks-fold-transpose-into-matmul"> {
  let summary = "Read a matmul operand through its transpose instead of materializing it";
  let description = [{
    On tensors. A `linalg.matmul` (default maps, one element type) whose LHS
    or RHS is a 2-d `linalg.transpose` used by nothing else (Torch-MLIR's
    `nn.Linear` transposes its weight on every call; `x.T @ y` its LHS)
    becomes the equivalent `linalg.generic` contraction reading the
    transpose's input through swapped indices: the transpose, no longer
    used, is not computed (a 4096 x 4096 weight: 134 MB of traffic a call).
    The GEMM kernels take any operand layout with a contiguous last
    dimension. Same products, same sums. A batched contraction
    (`linalg.batch_matmul` or a generic one) whose operand is a
    `tensor.collapse_shape` of such a transpose, merging only dims the
    transpose keeps in place (attention's k^T, [8, 16, 64, 512] collapsed to
    [128, 64, 512]), reads the collapse of the transpose's input the same
    way.
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
    On tensors. A sum from zero of an f32 operand (`in + acc` in f32) whose
    operand some earlier op already sums from zero in f64 (`extf(in) +
    acc`), over the same loops with the same maps, is that f64 sum rounded
    to f32: it is read from there instead of from memory again. Torch-MLIR's
    group norm sums its input twice, in f64 for the variance's mean and in
    f32 for the mean it subtracts (16.8 M elements, 24 us on the H100). The
    rounded f64 sum is closer to the exact sum than the f32 one.
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
    On tensors. A matmul (C = 0 + A B, any operand maps, one M, N and K
    loop) whose result is read only by a two-loop sum along its rows or
    columns, sum_j (A B)[i, j] + t(i, j), is linear in the product:
    sum_j (A B)[i, j] = sum_k A[i, k] (sum_j B[k, j]). It becomes a sum of
    B along the same dim (K values), the remaining terms t summed alone, and
    a matrix-vector product of A with that sum onto them. M N K
    multiply-adds become N K + M K (level2/08: 34 G multiply-adds and 16 MB
    of product written and read, now 34 M and B read once). The sums are
    associated differently (as any change of GEMM tiling does, more so):
    results differ from the matmul's at rounding level.
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
    `linalg.conv_1d_ncw_fcw`, `linalg.conv_2d_nchw_fchw` or
    `linalg.conv_3d_ncdhw_fcdhw` (unit strides) over its input spread with
    strides s into zeros (`tensor.insert_slice` into a zero fill): of every
    s^d multiplications (d spatial dims), s^d - 1 are by zero. Along each
    spatial dim, the output positions s q + r of one phase r meet only the
    filter taps k0(r) + s t and read the input at q + t + shift(r): each of
    the phases (one per combination of residues) becomes a convolution of
    the same rank over the input itself (zero-padded where shift < 0) with
    that phase's taps, its initializer the phase's part of the original one
    (a broadcast bias stays a broadcast), inserted into the output with
    strides s. A dim spread with unit stride (a padded dim) has one phase
    with all its taps. Same products and, per output element, the same sums
    in the same order (the zeros' products are gone: only non-finite
    inputs, which they turned into NaN, differ). Applies where some dim has
    a stride of 2 or more, the output splits into whole phases (its extent a
    multiple of s), every phase has taps and reads the whole input.
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
    On tensors. A `linalg.conv_2d_nchw_fchw` with a 1x1 filter, unit
    strides and static shapes is, per image, the matmul W[F, C] x X[C, H*W]:
    it becomes a `linalg.batch_matmul` of the filter broadcast over the
    images (F x C per image, a small copy next to the images themselves) and
    the input with its rows and columns collapsed, accumulating onto the
    convolution's initializer collapsed alike, and the result is expanded
    back to N x F x H x W. The GEMM skills (shared-memory tiles) then apply:
    the direct-convolution skills walk the channels per output column
    without staging anything in shared memory. Same products, same sums.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "1x1 convolutions rewritten as batched matmuls">
  ];
}

def KSFuseElementwise : Pass<"ks-fuse-elementwise"> {
  let summary = "Fuse elementwise producers into consumers, never into a reduction that would recompute them";
  let description = [{
    On tensors: upstream's elementwise fusion (producers with one use fused
    into generic consumers, reshapes propagated, constants folded), except
    that a producer is not fused into a consumer with reduction loops when
    the consumer reads it through a map that leaves out one of its loops.
    Fused there, the producer would run again for every step of the loop
    left out: a layer norm's normalization fused into the next linear
    layer's GEMM runs N times per element and turns the GEMM into a
    reduction no matmul skill recognizes. Fusion into a row reduction that
    reads the producer's every element once (softmax's exp, a norm's
    square) still happens.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::affine::AffineDialect"];
}

def KSDropUnitDimsOfReductions : Pass<"ks-drop-unit-dims-of-reductions"> {
  let summary = "Drop the unit loops of reductions (keepdim results, [N, 1, K] views)";
  let description = [{
    On tensors. A linalg.generic with a reduction loop and loops of extent 1
    (Torch-MLIR's keepdim reductions, a [N, 1, K] view of a row) is rewritten
    over its other loops, its operands collapsed and its result expanded back
    by reassociative reshapes. A [128, 1, 32768] row reduction then has one
    parallel loop, as the skills for row reductions expect. A linalg.matmul
    with M or N = 1 (a matrix-vector product) is generalized first and
    becomes such a row reduction; other named ops (matmul, convolution) and
    elementwise generics are left as they are.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSCollapseElementwiseDims : Pass<"ks-collapse-elementwise-dims"> {
  let summary = "Merge adjacent loops of elementwise ops of four loops or more";
  let description = [{
    On buffers (after bufferization, which keeps its in-place choices). In
    an all-parallel linalg.generic of four loops or more not counting loops
    of extent 1 (a batch of one is left alone), its unit loops and
    operands' unit dims read at a constant 0 are dropped, then runs of
    adjacent loops that every operand indexes contiguously, in order, and
    whose indices the payload does not read become one loop (operands seen
    through memref.collapse_shape): batch norm's [16, 64, 128, 128] with
    per-channel parameters is the [16, 64, 16384] stream that the
    vectorizing skill (two or three loops) takes. Ops of fewer loops, and copies and broadcasts (payloads that
    yield an input: a GEMM's bias init is matched in its shape), are left
    alone.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def KSCollapseTransposeDims : Pass<"ks-collapse-transpose-dims"> {
  let summary = "Transpose only the dims that move: unit dims dropped, runs that stay together merged";
  let description = [{
    On buffers. A static `linalg.transpose` whose operands have unit dims,
    or runs of dims adjacent and in order in both the input and the output,
    is rewritten over the merged dims, its operands seen through
    `memref.collapse_shape` (where the layouts allow it): cumsum over dim 0's
    [1, 16384, 40960] -> [40960, 1, 16384] is the 2-d transpose of
    [16384, 40960], a channels-last [16, 24, 96, 192, 192] ->
    [16, 96, 192, 192, 24] is [16, 24, 3538944] -> [16, 3538944, 24]. A
    permutation that then moves nothing becomes a `linalg.copy`.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def KSCollapseReductionDims : Pass<"ks-collapse-reduction-dims"> {
  let summary = "Merge adjacent parallel loops, and adjacent reduction loops, of reductions";
  let description = [{
    On tensors. In a linalg.generic with a reduction loop, runs of adjacent
    loops of the same kind that every operand indexes contiguously, in order
    (layer norm's [32, 512] rows, global pooling's [28, 28] window), become
    one loop; operands are collapsed and results expanded back by
    reassociative reshapes. A [32, 512, 1024] row reduction is then the
    [16384, 1024] one with one parallel loop, as the skills for row
    reductions expect. Named ops and elementwise generics are left alone.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSMaterializeGatheredTerms : Pass<"ks-materialize-gathered-terms", "mlir::func::FuncOp"> {
  let summary = "Compute a gathering scalar reduction's terms in an elementwise op first";
  let description = [{
    On tensors. A `linalg.generic` that reduces all its loops into one 0-d
    output by a single binary combiner, whose term gathers (a
    `tensor.extract` at an index read from data: cross entropy's picked
    logit at the row's target), becomes an elementwise op over the same
    loops that computes the terms (the body without the combiner) into a
    new tensor, placed right after the last op it reads, and a reduction of
    that tensor with the combiner. The terms are one point per row of the
    rows whose statistics they read, so a row chain takes them into the
    statistics' kernel, and the sum, no longer gathering, is a plain
    one-block reduction instead of a split of scattered loads, its fill and
    its final kernel. Reductions whose extracts are at indices computed from
    the loop indices alone are left as they are.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def KSSplitLargeReductions : Pass<"ks-split-large-reductions"> {
  let summary = "Split long reductions to few outputs into a partial and a final stage";
  let description = [{
    On tensors, before bufferization. A linalg.generic with one output whose
    parallel loops come first, with at most `max-outputs` outputs and at
    least `min-reduction` reduced elements each, has its reduction loops
    collapsed into one and split (upstream linalg::splitReduction): a
    partial stage with `ratio` partial results per output, the partials'
    loop innermost among the parallel ones (neighbouring threads read
    neighbouring elements), then a final stage folding them. The ratio is
    the largest divisor of the reduction size that is at most
    min(max-partials, target-threads / outputs, size / 64). Reduction loops
    that cannot be collapsed (an operand broadcast along some of them) are
    split by loop instead: the outer ones become parallel in the partial
    stage, which folds the innermost from the combiner's neutral element,
    and the final stage folds the partials. Ops whose combiner is not one
    op with a neutral element (e.g. argmax) are left as they are. A final
    stage that is itself long enough is split again, unless it folds at
    most `max-final-stage` partials into few outputs: one block per output
    folds those in one kernel (the KL loss's 4096 row sums), where a second
    split costs two more kernels and a fill. Longer ones are split again:
    one block took 5.9 us for a loss's 65536 partials on the H100, the
    second split's two small kernels about 3. Reductions to at most
    `few-outputs` outputs (by default one: a loss's scalar) are split from
    `min-reduction-few-outputs` elements on: one thread walking 16384
    dependent steps waits on memory at every one (cross entropy's gathered
    losses and its count of valid targets), into partials of `scalar-chunk`
    contiguous elements each where that makes at least 1024 partials
    (about: the largest count of partials that divides the reduction, at
    most its size / scalar-chunk; shorter ones interleaved), a row each for
    the row skills (a block reading its chunk coalesced, in vector loads),
    the partials few enough for one block; on the H100 a loss's 16M-element
    partial stage took 53.7 us as 4096 rows of 4096 (block per row) against
    55.4 us interleaved, and its tail one kernel instead of two. Such a
    reduction of fewer than `one-block-reduction` elements whose reduction
    loops collapse into one is not split at all: it becomes one row that
    one block folds (cross entropy's count of valid targets and sum of
    picked losses, 16384 each, and the cosine loss's sum of 8192 ran their
    split kernels, a fill and a one-thread tail in more time on the H100). Few long
    rows are left to the block-per-row skill. Reductions to more than
    `max-outputs` outputs are not split: 128 rows or more give a block per
    row about one block per SM (132 on the H100) and a cluster of blocks
    per row several, and kept whole, a row reduction and the ops after it
    over its rows stay a row chain the fusing skills compute in one pass
    over memory (an L2 normalization's sums of squares and quotients; a
    group norm's means, variances and per-channel scales).
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
  }];
}

def KSParallelDimsFirst : Pass<"ks-parallel-dims-first"> {
  let summary = "Put the parallel loops of every linalg op outside its reductions";
  let description = [{
    Interchanges the iteration domain of linalg ops (generalizing named ops
    where needed) so that all parallel dimensions come before all reduction
    dimensions. After `convert-linalg-to-parallel-loops` every op then
    becomes one `scf.parallel` over its outputs with sequential `scf.for`
    reductions inside, so each output element is computed by exactly one
    GPU thread.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def KSRefuseQuadraticScans : Pass<"ks-refuse-quadratic-scans", "mlir::ModuleOp"> {
  let summary = "Refuse a long scan left to the O(n^2) seed kernel";
  let description = [{
    A scan written as a reduction over a triangular mask (the PyTorch
    frontend's cumsum and cumprod) that no skill made a scan kernel would run
    as the seed lowers it: every output folds its whole prefix. Past
    `max-length` elements that takes minutes, so the pass reports the
    dispatch and fails instead. `max-length=0` lifts the limit (the tuner's
    cost model estimates such a seed without running it).

    ```mlir
    // max-length=8192: error, the scan's reduction has 32768 elements.
    linalg.generic {iterator_types = ["parallel", "parallel", "reduction"], ...}
        ins(%x : memref<64x32768xf32>) outs(%y : memref<64x32768xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %k = linalg.index 1 : index
      %j = linalg.index 2 : index
      %upto = arith.cmpi sge, %k, %j : index
      %s = arith.select %upto, %v, %zero : f32
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
    `ks.dispatch = N`, numbered from 0 in walk order. On buffers, after
    `ks-parallel-dims-first`, each such op becomes one kernel of the seed
    lowering; the optimizer, the plan and the tuning database name
    dispatches by this number. The number also goes into the op's location
    (a fused location with `{ks.dispatch = N}` as metadata), which the loops
    and kernels made from the op inherit: the seed mapping records which
    kernel computes which dispatch (`ks.kernel_dispatches` on the function).
  }];
}

def KSApplySkills : Pass<"ks-apply-skills", "mlir::ModuleOp"> {
  let summary = "Apply skills (transform scripts) to dispatches, by a plan";
  let description = [{
    For each dispatch a plan names, runs the skill's transform script with
    the plan's parameters (defaults for the others) on the op marked
    `ks.dispatch = N`. The plan is a JSON file
    `{"dispatches": [{"id": N, "skill": "ID", "params": {"NAME": V}}]}`, or
    one dispatch given by `dispatch`, `skill` and `params`. A plan's
    `"finish_in_last_block": true` marks the module for
    `ks-finish-in-last-block` (`ks.finish_in_last_block`), its
    `"reverse_blocks": [N, ...]` for `ks-reverse-block-order`
    (`ks.reverse_blocks`), its `"l1_no_allocate": [N, ...]` for
    `ks-mark-l1-no-allocate` (`ks.l1_no_allocate`). Skills are read
    from `skill-dirs` (comma-separated) or the default skill path. A skill
    must map its dispatch to a `gpu.launch`; the seed mapping then lowers the
    remaining ops. Any failure is an error naming the skill, the dispatch and
    the reason.
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
    For each linalg op a skill marked `ks.warp_reduce = E` (a reduction that
    all 32 lanes of a warp execute: its rows mapped to `#gpu.warp`), lane l
    folds the elements l*E .. l*E+E-1 of every 32*E along the innermost
    (reduction) loop into a private partial result, starting from the
    combiner's neutral element; the 32 partial results are combined by a
    butterfly of `gpu.shuffle xor` (`shfl.sync.bfly`), and lane 0 folds the
    total into the output. The op must be on buffers inside a `gpu.launch`,
    with one output, one reduction loop (the innermost, of static size, a
    multiple of E) and a body that folds into the output with one 32- or
    64-bit binary op that has a neutral element (a 64-bit shuffle becomes
    two 32-bit ones); anything else is an error. Run
    right after `ks-apply-skills`.

    `ks.block_reduce = E` marks a row that all threads of a block execute
    (1-D blocks, at most 1024 threads): thread t folds elements t*E ..
    t*E+E-1 of every T*E, each warp combines its lanes as above, lane 0 of
    every warp leaves the warp's total in a shared-memory slot (a
    workgroup-memory global added to the module), and after a barrier warp
    0 combines the slots and its lane 0 folds the total into the output; a
    second barrier frees the slots for the block's next row.

    An argmax or argmin under `ks.warp_reduce` (two outputs: a value folded
    by max or min, and its position, taken where `cmpf(element, value)`
    holds) is split the same way into (value, position) pairs: both are
    shuffled, and a lane takes its partner's pair where the value is better,
    or equal at a lower position, so the first occurrence wins as in the
    sequential fold.

    `ks.column_split = S` marks a reduction along a strided loop that a
    block of BX x S threads executes, BX being its parallel points (the
    columns): thread (x, y) folds rows y, y + S, ... of column x into a
    partial (or a (value, position) pair), the partials go to shared memory,
    and after a barrier thread (x, 0) folds the S of its column in order,
    and its output, into the output.

    `ks.cluster_reduce = C` on a `ks.block_reduce` of one row marks a row
    split among the C blocks of a thread-block cluster: each block's total
    goes to a shared-memory slot of its own, thread 0 reads the output's
    value (its fill) first, and after a cluster barrier thread 0 of every
    block reads the C slots (`nvvm.mapa`, distributed shared memory),
    combines them in rank order, so every block gets the same total, and
    folds it into the output. The kernel's closing cluster barrier (from
    `ks.fuse_row_chain`) is arrived at right after the last such read and
    waited at only at the end.
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
    Rewrites a linalg-on-tensors program so that every static dimension
    larger than `max-dim` becomes its largest divisor not above `max-dim`
    (or `max-dim` itself when that divisor is under half of it): the same
    ops, dispatches and skills at a size the CPU checks in moments. The same
    size always maps to the same new size, so matching dimensions still
    match. Splat constants follow their new shapes and `tensor.expand_shape`
    its result. An op that carries sizes as attributes (slices, pads,
    non-splat constants) and would change, or a result that no longer
    verifies, is an error naming the op: such a program cannot be shrunk.
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
    `gpu.launch_func` calls becomes a private `func.func @MODULE_on_cpu`
    taking the grid size and the kernel's arguments: loops over the blocks
    and, in each block, over the threads (the block size must be a
    constant). The kernel body is split at `gpu.barrier` and `gpu.shuffle`
    into thread loops that run one after another; a value that lives across
    a split is kept per thread in a scratch buffer (pure values are
    recomputed), a shuffle reads what its partner lane stored before the
    split, and an `scf.for` that contains a split must have bounds the same
    in every thread: it runs once per block around its thread loops, what it
    carries kept per thread. An asynchronous copy (`nvgpu.device_async_copy`,
    cp.async) runs as a plain copy where it is issued, its group and wait
    ops dropped: a later read sees it done, as after the wait the program
    must have. Workgroup globals become one buffer per kernel
    call; other globals move to the host module. On the host, launches
    become calls and `gpu.alloc`/`dealloc`/`memcpy` their memref forms. A
    kernel the CPU cannot run faithfully is an error on the op that prevents
    it (a barrier under thread-dependent control flow, an NVVM op, a
    dynamic block size).
  }];
  let dependentDialects = [
    "mlir::func::FuncDialect", "mlir::scf::SCFDialect",
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::vector::VectorDialect", "mlir::LLVM::LLVMDialect"];
}

def KSFinishInLastBlock : Pass<"ks-finish-in-last-block", "mlir::ModuleOp"> {
  let summary = "Run a one-block kernel in the last block of the kernel before it";
  let description = [{
    Where the module asks for it (`ks.finish_in_last_block`, set by a plan's
    `"finish_in_last_block": true`), a `gpu.launch` of one block that follows
    a launch of the same constant block size, with only allocations, pure
    ops and deallocations between them, moves into that launch: each of its
    blocks fences its writes at device scope and counts itself done on a
    device-wide counter (a zero-initialized global); the block that counts
    last fences again and runs the tail's body as block 0 of a grid of one,
    and sets the counter back to zero. Saves the tail's launch and the gap
    before it (a split reduction's last fold, a loss's division). The
    producer's launch keeps its dispatch and lists the tail's in
    `ks.finishes`. The two kernels must not run concurrently with another
    launch of the same kernel (the counter is the kernel module's).
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
    `ks.dispatch`, or its kernel's entry in the host function's
    `ks.kernel_dispatches`) reads block x as grid x - 1 - x. A kernel that
    streams over a buffer the kernel before it just streamed over (a norm's
    apply after its statistics) then starts at the end that kernel left in
    the L2. Blocks are independent: only their order changes. A listed
    dispatch that no kernel computes, or one that runs in thread-block
    clusters (their blocks are ranked in order), is an error.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect"];
}

def KSMarkL1NoAllocate : Pass<"ks-mark-l1-no-allocate", "mlir::ModuleOp"> {
  let summary = "Mark the kernels a plan asks to read without allocating in the L1";
  let description = [{
    For the dispatches the module lists in `ks.l1_no_allocate` (a plan's
    `"l1_no_allocate": [N, ...]`), the `gpu.launch` that computes each gets
    `ks.l1_no_allocate`, which outlining keeps on its kernel and
    `ks-l1-no-allocate-loads` turns into loads that skip the L1. A listed
    dispatch that no kernel computes is an error.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSDropFalsePredicatedOps : Pass<"ks-drop-false-predicated-ops", "mlir::gpu::GPUModuleOp"> {
  let summary = "Erase NVVM ops whose predicate is the constant false";
  let description = [{
    NVVM ops written as inline PTX take an optional predicate (`@p op`).
    Where a kernel's pipeline has fewer steps than stages, the predicate of
    a prefetch past the last step folds to `false`, and the inline PTX then
    reads `@0 mbarrier.arrive...`, which ptxas rejects. Such an op never
    runs: it is erased. Run after canonicalization has folded the
    predicates, before NVVM ops become inline assembly.

    ```mlir
    %false = arith.constant false
    nvvm.mbarrier.arrive.expect_tx.shared %bar, %tx, predicate = %false
        : !llvm.ptr<3>, i32, i1      // erased
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
    PTX `cvt.f64.f32`. LLVM would merge it with the first widening and keep
    the f64 copy alive across the barriers; a row kept in registers then
    needs twice the registers for the values each phase widens (a group
    norm's mean and variance in f64 of f32 x).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def KSL1NoAllocateLoads : Pass<"ks-l1-no-allocate-loads", "mlir::gpu::GPUModuleOp"> {
  let summary = "Read kernel arguments' buffers with ld.global.L1::no_allocate in marked kernels";
  let description = [{
    In each kernel (`llvm.func`, after the NVVM conversion) marked
    `ks.l1_no_allocate`, each `llvm.load` that streams from a kernel
    argument's buffer (the argument offset by getelementptr or address-space
    casts) becomes inline PTX `ld.global.L1::no_allocate`, for 32- and
    64-bit scalars and 1-, 2- and 4-element vectors of them aligned to their
    size. A load streams when its address depends on both a block id and a
    thread id (one every block reads, a weight, or every thread of a block,
    a row's statistic, keeps the L1) and no other load of the kernel reads
    within 128 bytes of it (the same argument and terms, a constant apart:
    a thread's E scalar loads of neighbouring elements share lines), and no
    loop moves it by less than 128 bytes a trip (a pooling window's walk).
    Mostly-reading kernels (reductions) stream faster on an H100 when such
    loads leave the L1 alone. The hint does not change what a load reads;
    the inline asm is marked as touching memory, so it keeps its order with
    the kernel's stores and barriers. The mark is removed.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def KSSinkIntoKernels : Pass<"ks-sink-into-kernels", "mlir::func::FuncOp"> {
  let summary = "Move the constants a skill's kernel uses into it";
  let description = [{
    Canonicalization hoists constants out of `gpu.launch` bodies, and
    outlining would then pass them as kernel arguments. For launches made by
    a skill (`ks.skill`), constants and poison values used inside are cloned
    into the body, so the device compiler sees static trip counts and
    indices (unrolled loops, private arrays kept in registers). Run right
    before kernel outlining.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSOutlineKernels : Pass<"ks-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Outline GPU kernels, keeping their launches' NVVM attributes";
  let description = [{
    Upstream's `gpu-kernel-outlining`, after which each kernel also has the
    `nvvm.*` attributes its `gpu.launch` carried (`nvvm.minctasm`,
    `nvvm.maxnreg`: launch bounds a skill chose), which upstream drops.
    They reach the PTX as `.minnctapersm` / `.maxnreg`. A launch's
    `ks.l1_no_allocate` (ks-mark-l1-no-allocate) is kept the same way. The launches are
    matched to their `gpu.launch_func` by position: outlining replaces each
    launch in place.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSLabelKernels : Pass<"ks-label-kernels", "mlir::ModuleOp"> {
  let summary = "Label each outlined kernel module with the dispatch it computes";
  let description = [{
    After kernel outlining, moves the kernel -> dispatch map the seed
    mapping kept on each host function (`ks.kernel_dispatches`) onto the
    kernel modules: `gpu.module @main_kernel_3 attributes {ks.dispatch = 4}`.
    Per-kernel times and counters can then be traced back to dispatches.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSUniqueReturnBuffers : Pass<"ks-unique-return-buffers", "mlir::func::FuncOp"> {
  let summary = "Give every returned buffer its own allocation";
  let description = [{
    A function that returns one buffer in several results (`return %b, %b`)
    gets a fresh buffer and a copy for each repeat, so that every result can
    become its own caller-provided out-parameter
    (`buffer-results-to-out-params`).
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def KSResultsInPlace : Pass<"ks-results-in-place", "mlir::func::FuncOp"> {
  let summary = "Compute a result returned through a reshape in its out-parameter, not copy it";
  let description = [{
    `buffer-results-to-out-params` writes a result that is an allocation
    into the caller's buffer directly, but a result that is a reshape of
    one (`memref.collapse_shape` of a pooling's [N, C, 1, W] output
    returned as [N, C, W]) is copied: a kernel that reads and writes the
    whole result once more. Where the copy's target is an out-parameter
    used by nothing else and the allocation is used only by ops before the
    copy (and its deallocation), the allocation becomes the inverse reshape
    of the out-parameter and the copy goes.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def KSMemrefCopyToLinalg : Pass<"ks-memref-copy-to-linalg"> {
  let summary = "Turn memref.copy into linalg.copy so copies run as kernels";
  let description = [{
    Bufferization materialises tensor copies, pads, concats and slice
    insertions as `memref.copy`. On device memory a copy must run on the
    GPU, so each becomes a `linalg.copy` that the seed lowering maps to a
    kernel like any other op.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def KSMapParallelLoopsToGPU
    : Pass<"ks-map-parallel-loops-to-gpu", "mlir::func::FuncOp"> {
  let summary = "Map each top-level loop nest of a host function to a gpu.launch";
  let description = [{
    Every top-level `scf.parallel` becomes a `gpu.launch` over a 1-D grid
    whose threads cover the linearized iteration space (innermost dimension
    fastest, for coalescing), with a bounds check for the tail. Sequential
    top-level work (an `scf.for`, or a run of loads, scalar arithmetic and
    stores, e.g. a reduction or an elementwise op on 0-d buffers) runs in a
    single-thread launch. Constant weights read by a
    kernel (`memref.get_global` and views of it) are sunk into the kernel so
    they live in device memory, uploaded once with the module.
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
    equivalent generic) with a zero-filled init whose operands are, through
    single-use reshapes, single-use elementwise ops multiplying their input
    by a constant (PyTorch's attention scales q and k by d ** -0.25 each)
    reads those inputs instead, and every op that reads its result (only
    `linalg.generic` inputs, through reshapes, are allowed) multiplies the
    value by the product of the constants. The product is linear in each
    operand, so this is exact up to rounding; the scaled copies of the
    operands are no longer computed, and a transpose that fed one can fold
    into the contraction.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def KSSimplifyPowers : Pass<"ks-simplify-powers", "mlir::func::FuncOp"> {
  let summary = "Rewrite powers by small constants (x ** 2, x ** 0.5) as multiplications, sqrt, rsqrt";
  let description = [{
    Upstream's algebraic simplification of math ops on every function:
    `math.powf` and `math.fpowi` / `math.ipowi` by small constant exponents
    become multiplications (x ** 2 is x * x), divisions, `math.sqrt` and
    `math.rsqrt`. Torch-MLIR writes squares as `math.powf(x, 2.0)`: on the
    GPU a logarithm and an exponential per element, where one
    multiplication, rounded once, is also closer to the exact square.
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect",
                           "mlir::vector::VectorDialect"];
}

def KSLogOfExpQuotient : Pass<"ks-log-of-exp-quotient", "mlir::func::FuncOp"> {
  let summary = "Rewrite log(exp(a) / b) as a - log(b) (the log of a softmax)";
  let description = [{
    Torch-MLIR's `log(softmax(x))` is, once fused, `math.log(arith.divf(
    math.exp(a), b))` per element: an exponential, a correctly rounded
    division and a logarithm, where `a - log(b)` is one subtraction and a
    logarithm per row (the KL divergence loss's kernel was bound by its
    instructions). Where the original's `exp(a)` or quotient is not a
    normal float (infinite, subnormal or 0) the original is computed, in an
    `scf.if` rarely taken, so its infinities and subnormal roundings stay;
    elsewhere the result differs by the roundings of the steps left out.
    f32 and f64.
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def KSFoldIndexTables : Pass<"ks-fold-index-tables", "mlir::func::FuncOp"> {
  let summary = "Compute a gather's constant index tables from the loop indices instead of reading them";
  let description = [{
    A `linalg.generic` on tensors that reads an integer constant (Torch-MLIR's
    index tensors for `aten.index`, as in group norm's per-channel weight and
    bias) whose value at its row-major position L is
    `((L floordiv a) mod b) * s + c` computes it instead: `linalg.index`
    ops, one `affine.apply` of that expression of the table's position at
    the op's point, and an `arith.index_cast` to the table's type. The
    smallest `a`, then `b`, that fit are taken; a table of one value is a
    constant. Tables that fit no such form are left as they are; operands
    the op no longer reads are dropped.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect", "mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect"];
}

def KSExtractsToOperands : Pass<"ks-extracts-to-operands", "mlir::func::FuncOp"> {
  let summary = "Read a generic op's gathers at affine indices as operands";
  let description = [{
    In a `linalg.generic` on tensors, a
    `tensor.extract` from a tensor defined outside the op, at indices that
    are, over the loops' ranges, constants, loop indices, or a loop index's
    quotient or remainder by a constant (group norm's normalization reads its
    per-(n, group, channel) scale and shift at `(n + c floordiv 64) mod 16`,
    `(c floordiv 8) mod 8` and `c mod 8`, each wrapped in Torch's
    `i < 0 ? i + size : i`), becomes an input operand with that indexing map.
    A loop read through a quotient and remainder by c becomes two loops
    (range / c, c), and every operand that reads it is expanded there
    (`tensor.expand_shape`); the results are collapsed back. Index reading
    follows index casts, `affine.apply`, additions, subtractions, products
    by constants, and selects whose signed comparison the ranges decide.
    Ops where a split loop is also read whole, or read by an operand other
    than as a plain dim, are left as they are. A reduction so rewritten
    then has its unit dims dropped and its runs of parallel (or reduction)
    loops that every operand reads contiguously merged, as
    ks-collapse-reduction-dims does: the gathers kept those loops apart
    (their indices were read), so group norm's apply summed over the
    spatial points becomes a row reduction over (image, channel) rows.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def KSForwardRowValues : Pass<"ks-forward-row-values", "mlir::func::FuncOp"> {
  let summary = "Keep the row elements a thread owns in registers between the ops of a row chain";
  let description = [{
    In each `gpu.launch` with accesses marked `ks.row_owned` (the elements a
    thread alone touches in a row chain split for `ks.row_registers`, see
    `ks.fuse_row_chain`), a load takes the value the thread last loaded or
    stored at the same element, where no store since may have changed it;
    loads from buffers nothing in the kernel writes are forwarded too. A
    marked store that a later marked store of the thread overwrites, with
    nothing that may read the buffer in between, is dropped. Loads and
    stores in `scf.if` branches use what was known before them; other
    regions only make what they write forgotten. A kernel with an op whose
    writes are not known is left as it is. Elements match by view and index
    values (run after CSE), or by their offsets in the buffer where the views
    are subviews, expand_shapes and collapse_shapes of static shapes (an op
    reading x as [groups, points] and the next as [images, channels,
    points]); buffers of different roots (function arguments, allocations)
    are taken not to overlap.

    In the same kernels, a value thread 0 alone stores to global memory (in
    an `scf.if` on thread_id x < 1, or on lane 0 of warp 0: a row's
    statistic) and the block loads back after a barrier is also stored to a
    workgroup attribution of the launch, and those loads read it there,
    until a store may change the element. A buffer the host function
    allocates for this kernel alone that the kernel then no longer reads is
    not stored to (a cluster barrier's arrive would wait for the stores).
  }];
}

def KSCompensateLongSums : Pass<"ks-compensate-long-sums", "mlir::func::FuncOp"> {
  let summary = "Add a rounding-error compensation to long floating-point sums in kernels";
  let description = [{
    In each `gpu.launch`, an `scf.for` whose carried float value (a scalar,
    a vector, or a one-element vector read through `vector.extract` and
    yielded through `vector.broadcast`) is updated only by a chain of
    `arith.addf` (an in-order `vector.reduction <add>` with an accumulator
    counts as its elements added one by one) becomes a compensated
    (Kahan) sum when the loop adds at least `min-terms` terms into it
    (default 1024; below that a plain sum's error stays small, and the
    compensation lengthens the loop's dependent chain fourfold): the
    loop carries the rounding error of each addition too and subtracts it
    from the next term. A thread that walks thousands of elements then
    loses no more than a few roundings of the total, instead of one per
    element. Additions with fast-math flags are left alone (the compiler
    may reorder them anyway), and so are loops that carry more than four
    float values: a contraction's register tile, compute-bound, whose many
    accumulators already split the sum.

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
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def KSAttachNVVMTarget : Pass<"ks-attach-target", "mlir::ModuleOp"> {
  let summary = "Attach an NVVM target for a supported chip to every gpu.module";
  let description = [{
    Looks the chip up in the table of supported NVIDIA chips, which also
    gives the PTX ISA version that chip needs, and attaches
    `#nvvm.target<chip = ..., features = "+ptxNN">` to every `gpu.module`
    (PTX 8.0 at least for a module with relaxed cluster arrives; sm_90a and
    PTX 8.0 for one with wgmma or TMA). An unknown chip, a PTX version LLVM
    cannot emit and a `cuda-path` that is no directory are errors.
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

def KSVerifyPTX : Pass<"ks-verify-ptx", "mlir::ModuleOp"> {
  let summary = "Assemble every PTX object with ptxas and record its resource report";
  let description = [{
    For every `gpu.binary` object holding PTX for an `#nvvm.target`, runs
    `ptxas -v` for the object's chip. A rejection is an error carrying
    ptxas's message. On success the per-kernel resource report (registers,
    shared memory, stack, spill stores and loads, constant memory, barriers)
    is attached to the binary as `ks.ptxas`, and optionally written to a
    JSON side file and printed.

    ptxas is found through the `ptxas` option, then `$CUDA_HOME/bin`,
    `$CUDA_PATH/bin`, `/usr/local/cuda/bin` and `PATH`.
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
