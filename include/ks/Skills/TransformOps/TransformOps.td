//===- TransformOps.td - ks extension of the transform dialect -*- tablegen -*-===//
//
// Transform ops that skill scripts use and upstream lacks. Injected into the
// transform dialect as an extension (registerTransformExtension).
//
//===----------------------------------------------------------------------===//

#ifndef KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS
#define KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// Ops that rewrite their targets' payload in place: the target handles stay
// valid (read, not consumed), results are new handles. Implements
// MemoryEffectsOpInterface, as FunctionalStyleTransformOpTrait does.
def KSInPlaceTransformOpTrait : NativeOpTrait<"InPlaceTransformOpTrait"> {
  let cppNamespace = "::ks";
}

// An op applied to each payload op of its one handle: applyToOne, and the
// trait's apply runs it on each (as upstream's structured transform ops).
class KSEachTargetOp<string mnemonic, list<Trait> traits>
    : Op<Transform_Dialect, mnemonic,
         !listconcat(traits, [TransformOpInterface, TransformEachOpTrait])> {
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter, ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def KSApplyFuseMultiplyAddPatternsOp : Op<Transform_Dialect,
    "apply_patterns.ks.fuse_multiply_add",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Fuse a float multiply feeding an add into one math.fma";
  let description = [{
    Rewrites `arith.addf(arith.mulf(a, b), c)` (either operand order) into
    `math.fma(a, b, c)` when the product has no other use. The fused
    multiply-add rounds once, so the result is at least as accurate; without
    it the two ops lower to PTX `mul.rn` and `add.rn`, which ptxas may not
    contract, and a multiply-accumulate loop issues twice the instructions.
  }];
  let assemblyFormat = "attr-dict";
}

def KSInitFromProducerOp : Op<Transform_Dialect, "ks.init_from_producer",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Compute a private accumulator's initial value instead of reading it back";
  let description = [{
    For each `linalg.copy` in `target` that copies a tile of a buffer B into
    a private buffer (an alloca, as `transform.structured.promote` with
    `use_alloca` makes for a thread's running sums): when the op that last
    wrote B before the copy's top-level loop nest is a `linalg.fill` or a
    `linalg.broadcast` (the zero or the bias a convolution or GEMM
    accumulates onto) and that nothing else uses B in between, the copy
    becomes the producer's work on the copy's tile, writing the private
    buffer. The producer is then erased when the loop nest only writes B
    (through subviews, as the output of copies: the sums written out), so
    B is written once, by the kernel, instead of written by the producer
    and read back; where the nest still reads B, the producer stays. Other
    copies are left alone. The handle is consumed.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSAccumulateAtomicallyOp : Op<Transform_Dialect, "ks.accumulate_atomically",
    [KSInPlaceTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Add a loop's carried sums to memory atomically, starting them from zero";
  let description = [{
    For each `scf.for` in `target` that carries a tile of a buffer across its
    iterations (a `vector.transfer_read` of the tile as the iteration
    argument's initial value, the loop's result written back by a
    `vector.transfer_write` to the same buffer at the same indices, as
    `transform.structured.hoist_redundant_vector_transfers` leaves a
    thread's running sums) and only ever adds to it, the sums start from
    zero and are added to the buffer element by element with
    `memref.atomic_rmw addf`. Several blocks can then each fold a disjoint
    part of a reduction into the same output: split-K, where the reduction
    loop was tiled across blocks. The result is the output's previous value
    plus every part; the order in which parts land is not fixed, so the
    last bits may differ from run to run. Fails, naming the loop, when a
    carried tile is used other than by additions, and when `target` holds
    no such loop. A running sum kept in memory instead (a
    `vector.transfer_read` and a `vector.transfer_write` of the same tile
    at loop-invariant indices in the loop's body, nothing else in the loop
    touching that buffer or a view of it) is first made a carried tile:
    unlike `transform.structured.hoist_redundant_vector_transfers`, a buffer
    with views elsewhere (a keepdim output collapsed for its fill) is fine.
    The handle is only read; a target loop that gains an iteration argument
    is replaced.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSPadInnermostOp : Op<Transform_Dialect, "ks.pad_innermost",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Pad the rows of promoted buffers against shared-memory bank conflicts";
  let description = [{
    For each `memref.view` in `target` that gives a byte buffer
    (`memref.alloca` of i8, as `transform.structured.promote` with
    `use_alloca` makes) a static shape ... x A x B of 2 dims or more with
    the identity layout, and whose users are all linalg ops: the buffer
    grows to ... x A x (B + `padding`) elements, the view takes that shape,
    and the users get its ... x A x B subview (row stride B + padding; a
    batched transpose's tile is 1 x A x B). With B a multiple of 32 4-byte
    elements, a padding of 1 puts the elements of a column in 32 different
    shared-memory banks, so a warp reading a column (a transpose) is served
    at once instead of 32 times over. Fails, naming the view, otherwise.
    The handle is consumed.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "1">:$padding);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSAlignVectorAccessesOp : KSEachTargetOp<"ks.align_vector_accesses",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Mark 1-d vector loads and stores of global buffers aligned where provably so";
  let description = [{
    For each `vector.load` and `vector.store` of a 1-d vector of N elements
    in `target` whose memref is a function argument or a `memref.alloc`, or
    a chain of `memref.collapse_shape` / `memref.expand_shape` of one (device
    buffers start 256-byte aligned; a reshape keeps the start), with a
    static layout whose offset and outer strides are multiples of N and
    innermost stride 1, and
    whose innermost index is provably a multiple of N (a constant, or an
    affine expression of such values and of loop variables stepping by
    multiples of N), sets `alignment` to the vector's size in bytes (at most
    16). Without it vector-to-llvm aligns to the element and the NVPTX
    backend splits a 4-wide load into 4 scalar ones. Others are left alone.
    The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSWorkgroupAllocsToGlobalsOp : Op<Transform_Dialect, "ks.workgroup_allocs_to_globals",
    [KSInPlaceTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Make workgroup-memory allocations module globals (static shared memory)";
  let description = [{
    For each `memref.alloc` in `target` of a static shape in the workgroup
    address space (`#gpu.address_space<workgroup>`: the tiles
    `transform.structured.promote` makes with a workgroup mapping, after
    `transform.memref.multibuffer`), adds a private `memref.global` of that
    type with `alignment` to the nearest symbol table, replaces the alloc by
    a `memref.get_global` of it and erases its deallocs; kernel outlining
    then copies the global into the kernel's module as `.shared`.
    Allocations in other address spaces (the host function's buffers) are
    left alone, unlike promote-buffers-to-stack followed by
    `transform.memref.alloca_to_global`, which takes any small buffer.
    Returns the `memref.get_global` ops. The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "16">:$alignment);
  let results = (outs TransformHandleTypeInterface:$get_globals);
  let assemblyFormat = "$target attr-dict `:` functional-type($target, $get_globals)";
}

def KSSetPipelinedAsyncWaitsOp : KSEachTargetOp<"ks.set_pipelined_async_waits",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Let a software-pipelined loop's waits leave the later steps' copies in flight";
  let description = [{
    For each `scf.for` in `target` whose body waits
    (`nvgpu.device_async_wait`) on asynchronous-copy tokens it carries as
    iteration arguments, as `transform.nvgpu.pipeline_shared_memory_copies`
    leaves it: with T carried tokens and G groups committed per trip
    (`nvgpu.device_async_create_group` in the body), the groups of the
    current step are the oldest G of the T in flight, so each wait sets
    `numGroups` to T - G. The pipeliner assumes one group per step (its
    waits say depth - 1): a step copied in two groups (A and B tiles kept
    apart by a barrier) would otherwise also wait for the next step's first
    group. Counting, not assuming, keeps a step of one group correct (a
    fixed T - G of 2 would leave its own copy pending: a race the CPU
    emulation cannot see). Fails on a loop whose count is not positive.
    The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSCarryRunningTilesOp : KSEachTargetOp<"ks.carry_running_tiles",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Keep a loop's running tile in registers, even of a buffer with views";
  let description = [{
    For each `scf.for` in `target`, innermost first: a `vector.transfer_read`
    and a `vector.transfer_write` of the same tile at loop-invariant indices
    in the loop's body, with nothing else in the loop touching that buffer
    or a view of it (a thread's running sums read and written at every
    step), become an iteration argument: read once before the loop, written
    once after it. What `transform.structured.hoist_redundant_vector_transfers`
    does, except that it refuses any buffer that has a view anywhere in the
    function (a GEMM's result reshaped to 3-d for its return, a keepdim
    output): there the sums stayed in global memory, loaded and stored at
    every step. The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSHoistInvariantLoadsOp : KSEachTargetOp<"ks.hoist_invariant_loads",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Load what a loop reads at the same place every trip once, before it";
  let description = [{
    For each `scf.for` in `target` and the loops nested in it, innermost
    first (a nested loop of one trip is inlined into its parent), whose trip
    count is a constant of at least one: a `memref.load`
    whose indices are defined outside the loop, from a buffer that nothing
    in the loop writes (through any view), moves before the loop, and then
    the side-effect-free ops that depend only on values from outside follow
    it (upstream's loop-invariant code motion). A reduction reading a row's
    statistic at every element (group norm's variance reads the row's sum
    and divides it by the row's length, in f64) then loads and divides once
    per thread. A loop with an op whose writes are not known is left as it
    is. The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSHoistBodyLoadsOp : KSEachTargetOp<"ks.hoist_body_loads",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Load before a linalg.generic what its body reads at the same place at every point";
  let description = [{
    For each `linalg.generic` in `target`: a `memref.load` in its body whose
    indices are the same at every point of the op (computed by side-effect
    free ops from values defined outside it and from `linalg.index` of
    loops of one trip, which are 0), from a buffer the op does not write,
    moves before the op with the ops its indices need; the body uses the
    loaded value. Once tiled to one row per thread, a group norm's apply
    reads its row's scale and shift this way (gathered through index
    arithmetic), and upstream's vectorizer, which does not take loads in a
    body, can then give it 16-byte accesses. A body without such loads is
    left as it is. The handle is only read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSFuseRowChainOp : Op<Transform_Dialect, "ks.fuse_row_chain",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Compute a row reduction and the row ops after it in one loop over the rows";
  let description = [{
    `target` is a reduction whose parallel loops come first (softmax's row
    maximum, a norm's row sum). The ops after it that run over the same rows
    (the fill of its output before it too) and share buffers only at the row
    they compute, a row chain (`ks/Skills/RowChain.h`), are each cut to one
    row and placed in order, separated by `gpu.barrier`, in one `scf.forall`
    over the rows mapped to `#gpu.block<x>`; with `warp_rows` = R > 0, R
    rows per block, a warp each (`#gpu.warp<x>`). Each op is cut at its
    leading row loops, fixed at the row's position (the row index
    delinearized over them), its other loops whole. The reductions are
    marked `ks.block_reduce` (or
    `ks.warp_reduce`) and the other ops `ks.block_elementwise` (or
    `ks.warp_elementwise`) = `elements_per_thread` (1 where the row's length
    is not a multiple): ks-distribute-warp-reductions splits each row among
    the threads alike, so a thread reads back what it wrote, and the rows
    are read from memory once instead of once per op. The ops keep their
    `ks.dispatch`: the other dispatches of the chain are computed in this
    kernel. Returns the outer loop; fails (silenceably) where `target`
    starts no chain.

    With `keep_rows_in_registers` = 1 the row ops are also marked
    `ks.row_registers`: ks-distribute-warp-reductions unrolls each thread's
    walk over its elements whole and marks the accesses a thread owns, and
    ks-forward-row-values keeps what a thread loaded or stored in registers
    for the ops after, so the rows are read from memory once and written
    once. It needs every op's row to be a multiple of `elements_per_thread`
    (one split of the row for all of them).

    With `cluster_blocks` = C > 1 (2, 4 or 8; `warp_rows` = 0) a row is
    split among the C blocks of a thread-block cluster (sm_90): C blocks
    per row, block b taking row b / C and the part b mod C of the row
    (each op's first loop within the row that is not of size 1, cut into C
    equal parts; ops of one point per row run in every block alike). Its
    reductions are also marked `ks.cluster_reduce` = C: each block's
    total goes to its shared memory and every block combines the C totals
    in rank order (ks-distribute-warp-reductions), so a row C times longer
    stays in registers. The loop's body ends with a cluster barrier (no
    block leaves while another may read its shared memory; a block arrives
    there once it has read the others' totals for the last time); the
    skill gives the launch `nvvm.cluster_dim`. A row's statistics (the buffers
    ops of one point per row and the reductions write) must each be
    written once after their fill: the blocks write them alike.

    With `reciprocal_divisors` = 1 a division of a member's body by a row
    statistic (an input read at the row alone: a softmax's sum) becomes a
    multiplication by the statistic's reciprocal, which a thread computes
    once per row where the row is kept in registers (one correctly rounded
    division per row instead of one per element; each quotient then
    differs from the divided one by about an ulp).
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       I64Attr:$warp_rows, I64Attr:$elements_per_thread,
                       DefaultValuedAttr<I64Attr, "0">:$keep_rows_in_registers,
                       DefaultValuedAttr<I64Attr, "1">:$cluster_blocks,
                       DefaultValuedAttr<I64Attr, "0">:$reciprocal_divisors);
  let results = (outs TransformHandleTypeInterface:$loop);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSGridReduceThenMapOp : Op<Transform_Dialect, "ks.grid_reduce_then_map",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace a split f32 sum of a whole buffer and the elementwise op that uses it by one persistent kernel whose blocks meet at a grid barrier";
  let description = [{
    `target` is the partial stage of an f32 sum of a whole buffer X that
    ks-split-large-reductions split (rows of X's elements summed into a
    zero-filled buffer P: `P[r] += f(X[r, c])`, or X[c, r]), followed by its final stage
    (the zero-filled total `t[0] += P[r]`) and by an elementwise op over all
    of X that reads X and the total (a Frobenius norm's `X / sqrt(t)`),
    writing Y. X and Y are static row-major buffers (or reshapes of them)
    read and written in their element order. The four ops and the two
    fills are replaced by one `gpu.launch` of `blocks` blocks of `threads`
    threads, block b owning the b-th contiguous part of X, each thread
    16-byte vectors `threads` vectors apart within it:

    - Pass 1 loads every vector once and sums f of its elements. A thread
      keeps its first `register_vectors` vectors in registers and stores
      the next `shared_vectors` to dynamic shared memory; the rest it will
      read again (they were read last, so the L2 still holds most).
    - Block totals (shuffles, then warp 0 over the warps' sums) go to a
      module global of `blocks` floats; thread 0 then arrives at a grid
      barrier (an arrival counter in a module global, `atom.release.gpu`
      and an `ld.acquire.gpu` spin, the count's top bit flipping once all
      blocks arrived, so it never needs a reset) and every block folds the
      block totals in one fixed order (the same bits everywhere); block 0
      also stores the total to t.
    - Pass 2 computes the elementwise op, the re-read vectors first (from
      the L2), then those in shared memory, then those in registers.

    X is read from DRAM about once, where the split kernels read it twice.
    The grid barrier needs all blocks resident at once (at most one block
    an SM with more than half the shared memory): the runtime refuses to
    launch a kernel that has one when the GPU cannot hold its grid,
    instead of hanging. Fails (definitely) where the ops do not match, with
    the condition that does not hold.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       I64Attr:$blocks,
                       I64Attr:$threads,
                       I64Attr:$register_vectors,
                       I64Attr:$shared_vectors,
                       DefaultValuedAttr<I64Attr, "0">:$interleaved);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSMatmulMmaSyncOp : Op<Transform_Dialect, "ks.matmul_mma_sync",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace an f32 contraction on buffers by a tensor-core (mma.sync, TF32) or an FMA kernel";
  let description = [{
    `target` is an f32 contraction on static buffers (`linalg.matmul`, a
    batched or transposed variant, or the equivalent `linalg.generic`: one
    M, one N, one K loop, at most one batch loop, every operand read through
    a permutation of its loops, a multiply-add body). It is replaced by a
    `gpu.launch` with one block per `block_tile` = [BM, BN, BK] output tile
    (and batch), `(BM / WM) x (BN / WN)` warps of `warp_tile` = [WM, WN]:

    - A and B tiles are copied with `nvgpu.device_async_copy` (16 bytes, L1
      bypassed) into `stages` shared buffers each, in the operand's own
      layout with its rows padded (by 4 floats where K is contiguous, by 8
      where M or N is) so that the fragment reads below hit 32 banks;
      `stages - 1` K steps are in flight while one is computed.
    - Each warp computes its tile with `nvgpu.mma.sync` m16n8k8 (TF32), the
      sums held in registers across K (initialized from the output buffer:
      the contraction accumulates into it; where the output was just
      zero-filled, nothing reading or writing it in between, the sums start
      from zero instead and the fill is erased, its dispatch recorded in the
      module's `ks.folded_dispatches`; not with split-K, whose atomic adds
      need the zeros in memory).
    - `precision` = "tf32x3" splits each operand x into big = tf32(x) and
      small = tf32(x - big) and accumulates small*big + big*small + big*big:
      three tensor-core products with about fp32's accuracy (the error of
      one TF32 product is 2^-11 relative). "tf32" is one product.

    One operand may instead be a gather: read through an affine map that is
    not a permutation (sums, floordiv and mod by constants of the loops, as
    `transform.ks.conv_implicit_gemm` makes). Then the loops are taken from
    the output and the body: K is the one reduction loop, M and N the
    output's last two dimensions, the one or two output dimensions before
    them the batch (the grid's z walks them; the other operand need not
    read them). The gathered tile is copied element by element (4-byte
    `nvgpu.device_async_copy`) into the layout [K, N] (B) or [M, K] (A); its
    buffer has no alignment requirement. Where the gather's address is a
    sum of terms of K alone and terms of the other loops (a convolution's
    window offset plus its pixel's), the K part becomes a constant table
    (`memref.global`, one i32 per K) and each element costs a table load
    and a few adds. Where the gathered buffer is a zero-padded copy of
    another (an allocation filled with zeros, the other copied into a
    unit-stride window of it, nothing else reading it: a bufferized
    `tensor.pad`), the kernel reads the other buffer instead, the table also
    holding the K parts of the padded dimensions' indices (a 16-byte row,
    at most three such dimensions), and zero-fills the elements in the
    padding, where `fold_padding` is 1 (the checks cost instructions in
    the copy loop: a trade of the padded copy's traffic against them); the fill, the window and the copy are erased (and the buffer,
    if only its deallocation is left) and their dispatch numbers recorded
    in the module's `ks.folded_dispatches`.

    M, N and K need not be multiples of BM, BN and BK: chunks past an edge
    are zero-filled by the copies (no bytes read) and outputs past it are
    not stored. K must span at least `stages - 1` steps; each input buffer's
    last dimension contiguous and a multiple of 4 floats, its other strides
    and offset multiples of 4 (the 16-byte copies; the output is loaded and
    stored element by element); the shared buffers at most 48 KB.

    With `k_splits` = S > 1 (split-K), K's steps are also split S ways
    across the grid's z (batch x S blocks along z): each block sums its
    stretch of K from zero and adds its tile to the output with atomic adds,
    so the output must hold its initial value (the zero fill, a bias) before
    the kernel, and the order the stretches land in varies from run to run.
    For GEMMs with few output tiles and a long K. The number of K steps must
    divide by S, each stretch spanning at least `stages - 1` of them; no
    epilogue (it needs the whole sum).

    With `epilogue`, an elementwise 2-d op on buffers that reads the
    contraction's output at the indices it writes (bias, ReLU, GELU), each
    thread applies it to the outputs it has just stored, and the op is
    erased: no kernel of its own, no second pass over the output.

    `precision` = "fma" computes on the CUDA cores instead, exactly as f32
    fused multiply-adds (no TF32 rounding), with the same tiles, pipeline,
    edges, split-K and epilogue: each warp's tile is (WM / TM) x (WN / TN)
    threads of `thread_tile` = [TM, TN] outputs (multiples of 4, at most 8;
    32 threads a warp), each thread's outputs along M (N) in quads of 4
    spread over the warp tile. Per 4 K steps a thread reads its TM x 4 of A
    and 4 x TN of B from shared memory 16 bytes at a time (4 K steps of a
    row where K is contiguous, 4 adjacent outputs of a K step where M or N
    is) and does 4 x TM x TN FMAs (`vector.fma` on rows of 4 sums).

    With `min_blocks_per_sm` = B > 0, the launch carries `nvvm.minctasm`
    = B (`ks-outline-kernels` keeps it on the kernel): ptxas caps the
    registers so that B blocks fit on an SM (`.minnctapersm`), spilling if
    it must.

    Returns the launch; fails definitely, naming the unmet condition,
    otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformHandleTypeInterface>:$epilogue,
                       DenseI64ArrayAttr:$block_tile, DenseI64ArrayAttr:$warp_tile,
                       I64Attr:$stages, StrAttr:$precision,
                       DefaultValuedAttr<I64Attr, "1">:$k_splits,
                       DefaultValuedAttr<I64Attr, "0">:$fold_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$thread_tile,
                       DefaultValuedAttr<I64Attr, "0">:$min_blocks_per_sm);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat =
      "$target (`epilogue` `(` $epilogue^ `)`)? attr-dict `:` functional-type(operands, results)";
}

def KSMatmulTf32x3WgmmaOp : Op<Transform_Dialect, "ks.matmul_tf32x3_wgmma",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace an f32 GEMM with K-contiguous operands by an sm_90a 3xTF32 kernel of TMA loads and wgmma";
  let description = [{
    `target` is a contraction C[M, N] += A[M, K] * B[N, K] (both operands
    K-contiguous: a linear layer's x W^T) on static, row-major, f32
    buffers. It is replaced by a `gpu.launch` of two warpgroups per
    128 x 128 output tile, each summing 64 of its rows, at about fp32's
    accuracy on tensor cores (3xTF32):

    - The host gets two TMA descriptors from the runtime
      (`ksTensorMap2D_f32`): both operands in 128 x 32 boxes (128-byte
      rows), 128-byte swizzled.
    - `stages` = S shared-memory slots of 64 KB (dynamic shared memory,
      plus up to 1 KB to align them) each hold A's and B's tiles of a K
      step of 32 and their remainders; thread 0 loads a step S - 1 ahead
      of the one computed, its slot's mbarrier expecting 32 KB.
    - Once a step's tiles land, the block splits each element x in place
      into its TF32 part h (rounded to nearest) and writes x - h, rounded
      to TF32, at the same offset of the remainders' tiles (so the same
      swizzle), then fences them for the async proxy.
    - Each warpgroup issues, per k8 slice, three m64n128k8 TF32 wgmma on
      descriptors of those tiles (A's remainder times B, A times B's
      remainder, A times B) into f32 sums in registers; the previous step's
      group is waited for, and the block meets, before its slot is refilled.
    - Every `promote_every` = P K steps the threads wait for their products
      and add wgmma's sums to a second set of registers in f32 (rounded to
      nearest), starting wgmma's anew from zero: wgmma's own adds lose low
      bits (K = 4096 on inputs in [-1, 1]: 3e-3 off, against 2e-4 when
      they are added up every step), and a short run of them loses few.
    - Each thread stores its sums from registers, adding the output's
      initial value: nothing where a zero fill gave it (the fill is
      folded), the bias where a broadcast gave it (folded too), C's value
      otherwise. With `epilogue` (the elementwise op right after the GEMM,
      reading its output where it writes: a bias, an activation), each
      thread applies it to the outputs it has just stored, and the
      epilogue is erased.

    N must be a multiple of 128, K of 32, with at least S - 1 K steps; M
    may be any size: the last row of tiles reads TMA's zeros past M and
    stores only the rows below it. S is 2 or 3 (227 KB of shared memory an
    SM). The kernel needs sm_90a.
    Returns the launch; fails definitely, naming the unmet condition,
    otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformHandleTypeInterface>:$epilogue,
                       I64Attr:$stages,
                       DefaultValuedAttr<I64Attr, "1">:$promote_every);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat =
      "$target (`epilogue` `(` $epilogue^ `)`)? attr-dict `:` functional-type(operands, results)";
}

def KSConvTf32x3WgmmaOp : KSEachTargetOp<"ks.conv_tf32x3_wgmma",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Replace an f32 NCHW convolution by an sm_90a 3xTF32 implicit GEMM of gathered windows, TMA-loaded filters and wgmma";
  let description = [{
    `target` is a `linalg.conv_2d_nchw_fchw` on static f32 buffers, seen as
    the GEMM Y[(n, p), f] = sum over k of X[window of (n, p) at k] * W[f, k]
    (p the output pixel, k = (c, kh, kw)), computed by the 3xTF32 wgmma
    kernel of `transform.ks.matmul_tf32x3_wgmma` with one change: the
    windows are not loaded by TMA but gathered by the block's threads.

    - Two warpgroups per tile of 128 pixels x `block_n` filters (128, 64
      or 32: m64n128k8, m64n64k8 or m64n32k8 wgmma); the filter, split once
      into TF32 parts and remainders by a small kernel (K padded with zeros
      to a multiple of 32), comes by TMA in `block_n` x 32 boxes into
      `stages` shared slots (64, 48 or 40 KB; where two blocks' slots fit an
      SM, the kernel asks ptxas for two blocks an SM).
    - In each K step of 32 a thread gathers 16 window elements of one pixel
      (consecutive threads, consecutive pixels) through a constant table of
      each k's offset and tap bit and a per-pixel mask of the taps inside
      the input (a masked-out element is read from a zero), a step ahead of
      storing them, split into TF32 parts and remainders, into the 128-byte
      swizzled tiles wgmma reads; the previous step's products run
      meanwhile.
    - Where the input is a zero-padded copy of another buffer (Torch-MLIR's
      tensor.pad), the kernel reads the source and zero-fills the taps
      outside it; the fill and the copy are erased.
    - The output's zero fill or broadcast bias is folded into the stores,
      which write NCHW directly.

    F must be a multiple of `block_n`, the window at most 64 taps, with at
    least `stages` - 1 K steps; the pixels (N x OH x OW) need not fill the
    last tile. The kernel needs sm_90a. Returns the launch; fails definitely,
    naming the unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       I64Attr:$block_n,
                       I64Attr:$stages,
                       DefaultValuedAttr<I64Attr, "1">:$promote_every);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSMatmulWgmmaTmaOp : KSEachTargetOp<"ks.matmul_wgmma_tma",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Replace a bf16/f16 GEMM on buffers by an sm_90a kernel of TMA loads and wgmma";
  let description = [{
    `target` is a contraction C[M, N] += A[M, K] * B[K, N] on static,
    row-major (identity layout) buffers, A and B both bf16 or both f16, C
    f32 (`linalg.matmul`, or the equivalent `linalg.generic`). It is
    replaced by a `gpu.launch` of `warpgroups` = WG warpgroups (128 WG
    threads) per 128 x (128 WG) output tile, each summing 128 / WG of its
    rows (WG = 2: 64 x 256 each, wgmma's widest instruction):

    - The host gets two TMA descriptors from the runtime
      (`ksTensorMap2D_bf16` / `_f16`: `cuTensorMapEncodeTiled`, 128-byte
      swizzle): A in 128 x 64 boxes, B in 64 x 64 boxes.
    - `stages` = S shared-memory slots (dynamic shared memory, S x 16 (1 +
      WG) KB, plus up to 1 KB to align them to 1024 bytes for the swizzle)
      each hold a 128 x 64 tile of A and a 64 x (128 WG) tile of B; thread
      0 issues the TMA loads of a K step into a slot, its mbarrier expecting
      their bytes, S - 1 steps ahead of the one computed.
    - Each K step waits on its slot's mbarrier (phase parity flipping once
      per round of the slots) and runs `nvgpu.warpgroup.mma` on the tiles'
      wgmma descriptors (f32 accumulators in registers); the previous step's
      group is waited for, and the block meets at a barrier, before its slot
      is refilled.
    - Blocks walk the tiles in groups of 8 tile rows (down, then across), so
      the blocks resident at once share rows of A and columns of B in L2.
    - The sums are stored to shared memory (`nvgpu.warpgroup.mma.store`)
      and added to C a row at a time, each thread one column (coalesced).

    M must be a multiple of 128, N of 128 WG and K of 64, with at least
    S - 1 K steps; the slots must fit in 227 KB and hold the 64 WG KB of
    sums. The kernel needs sm_90a (wgmma): the NVVM target of a module
    holding it gets the "a" suffix. Returns the launch; fails definitely,
    naming the unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$stages,
                       DefaultValuedAttr<I64Attr, "1">:$warpgroups);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSConvIm2colOp : KSEachTargetOp<"ks.conv_im2col",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Rewrite an NCHW convolution on buffers as an im2col copy and a batched GEMM";
  let description = [{
    `target` is a `linalg.conv_2d_nchw_fchw` on static f32 buffers (any
    strides and dilations): input X[N, C, H, W], filter W[F, C, KH, KW],
    output Y[N, F, OH, OW]. With K = C x KH x KW and P = OH x OW it becomes

    - a copy of every window into a new buffer cols[N, K, P] (a
      `linalg.generic` reading X through (n, c, kh, kw, oh, ow) -> (n, c,
      oh x sh + kh x dh, ow x sw + kw x dw)),
    - the filter, as W[F, K], broadcast over the images into a new buffer
      [N, F, K] (`linalg.broadcast`; the GEMM kernels take one batch loop
      shared by all operands),
    - `linalg.batch_matmul` of the two accumulating onto Y seen as [N, F,
      P]: the same products and sums as the convolution, in GEMM order.

    All three keep the convolution's location, which names its dispatch:
    their kernels are timed as the convolution's. K and P must be multiples of 4 (the tensor-core GEMM's
    16-byte copies). The new buffers hold K x P x N + F x K x N floats: the
    copy costs KH x KW times the input's bytes, which a GEMM on tensor cores
    repays where F (the GEMM's M) is large. Returns the batched matmul;
    fails definitely, naming the unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$matmul);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSConvImplicitGemmOp : KSEachTargetOp<"ks.conv_implicit_gemm",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Rewrite an NCHW (NCW, NCDHW, NGCHW) convolution on buffers as a GEMM that reads its windows in place";
  let description = [{
    `target` is a `linalg.conv_2d_nchw_fchw` on static f32 buffers (any
    strides and dilations): input X[N, C, H, W], filter W[F, C, KH, KW],
    output Y[N, F, OH, OW]. With K = C x KH x KW and P = OH x OW it becomes
    one `linalg.generic` over loops (n, f, p, k), a contraction

      Y[n, f, p] += W[f, k] * X[n, k / (KH KW), (p / OW) sh + (k % (KH KW) / KW) dh,
                                (p % OW) sw + (k % KW) dw]

    with the filter seen as [F, K] and the output as [N, F, P]: the im2col
    matrix of `transform.ks.conv_im2col` as an indexing map (floordiv and
    mod by constants) instead of a copy. The tensor-core GEMM
    (`transform.ks.matmul_mma_sync`) gathers X's tile element by element
    into shared memory; nothing the size of the windows is written. K must
    be a multiple of 4 (the filter's 16-byte copies). A
    `linalg.conv_1d_ncw_fcw` (X[N, C, W], W[F, C, KW], Y[N, F, OW]) is taken
    as the convolution of height 1: K = C x KW, P = OW, the output read as
    it is; a `linalg.conv_3d_ncdhw_fcdhw` (X[N, C, D, H, W]) alike with
    K = C x KD x KH x KW and P = OD x OH x OW, each spatial dim of X the
    pixel's digit of p times its stride plus the tap's digit of k times its
    dilation. A grouped `linalg.conv_2d_ngchw_gfchw` (X[N, G, C, H, W],
    W[G, F, C, KH, KW], Y[N, G, F, OH, OW]) becomes loops (n, g, f, p, k),
    the filter seen as [G, F, K] and the output as [N, G, F, P]: a GEMM per
    image and group. Returns the generic; fails definitely, naming the
    unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$contraction);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSFitGridToLimitsOp : KSEachTargetOp<"ks.fit_grid_to_limits",
    [KSInPlaceTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Move a grid dimension past the y/z limit onto blocks x";
  let description = [{
    For each `scf.forall` in `target` mapped to `#gpu.block<...>` whose
    loop counts are static, where the loop mapped to y or z has more than
    65535 iterations (the largest grid y and z; x takes 2^31 - 1), swaps
    that loop's mapping with the one mapped to x, so that
    `transform.gpu.map_forall_to_blocks` can launch it: a batch of 65536
    images tiled one image a block would otherwise be refused. Only the
    order in which blocks are numbered changes. Fails definitely, naming
    the counts, when both y and z are past the limit or the loop on x
    would not fit on y or z. Run it right before `map_forall_to_blocks`;
    the handle is only read.

    ```mlir
    // scf.forall (%n, %r) in (65536, 28) ... {mapping = [#gpu.block<y>, #gpu.block<x>]}
    transform.ks.fit_grid_to_limits %func : !transform.any_op
    // scf.forall (%n, %r) in (65536, 28) ... {mapping = [#gpu.block<x>, #gpu.block<y>]}
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSScanRowsOp : Op<Transform_Dialect, "ks.scan_rows",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace a triangular masked reduction on buffers (a scan) by a chunked scan kernel";
  let description = [{
    `target` is a `linalg.generic` on static buffers with loops (rows...,
    k, j), j the one reduction loop, that computes an inclusive scan along
    its rows as a reduction over a triangular mask:

      Y[rows, k] = Y[rows, k] (+ or *) select(j <= k, X[rows, j], identity)

    for addf with identity 0 or mulf with identity 1 (cumsum, cumprod), in
    f32 or f64, Y initialized to the identity (the mask compares the
    `linalg.index` of k and j, possibly cast to i64). X's map may hold unit
    dims as constants. The seed folds each output's whole prefix (n^2
    work); the kernel scans each row once: a block of `threads` threads a
    row, `segment` elements of it at a time in shared memory, in chunks of
    `chunk` elements associated as a Sklansky scan whose first element
    takes the running total of the chunks before (the order of PyTorch's
    CUDA scan along the innermost dim, whose chunk is twice its block's x
    threads):

    - every chunk's partial prefixes that do not depend on the running
      total (log2(chunk) levels, all threads);
    - thread 0 carries the total through the chunk's first element and its
      2^i - 1 positions (log2(chunk) + 1 operations a chunk);
    - every other element combines its partial prefix with the position
      before its highest bit.

    The association differs from the sequential fold's, as a reassociated
    reduction's does; each result is bitwise that of PyTorch's scan with
    the same chunk. `chunk` must be a power of two, `segment` a multiple
    of it (at most 48 KB of elements), `threads` a multiple of 32 up to
    1024. Returns the launch; fails definitely, naming the unmet
    condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$chunk, I64Attr:$segment,
                       I64Attr:$threads);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSScanRowsWarpOp : Op<Transform_Dialect, "ks.scan_rows_warp",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace a triangular masked reduction on buffers (a scan) by a warp-a-chunk scan kernel";
  let description = [{
    The scans `transform.ks.scan_rows` takes (an inclusive cumsum or
    cumprod along the rows, in f32 or f64, written as a reduction over a
    triangular mask), with the same association (chunks of `chunk`
    elements, each a Sklansky scan whose first element takes the running
    total: PyTorch's CUDA scan), computed mostly in registers: a block of
    `threads` threads a row, a warp a chunk, a lane `chunk` / 32
    consecutive elements.

    - A warp loads its chunk coalesced and transposes it through shared
      memory (padded, without bank conflicts) so that each lane holds
      consecutive elements;
    - the Sklansky levels within a lane run in registers, the five across
      lanes as one shuffle each; the chunk's first block waits for the
      running total, as in PyTorch's scan;
    - thread 0 carries the total through each chunk's first element and
      positions 2^i - 1 (log2(chunk) + 1 operations a chunk), from values
      the warps left in shared memory;
    - every element combines its partial prefix with the position before
      its highest bit, and the chunk goes back through shared memory to
      coalesced stores.

    A warp owns `chunks_per_warp` consecutive chunks of a segment
    (threads / 32 x chunks_per_warp chunks): their levels interleave and
    the next segment's loads, chunks_per_warp x chunk / 32 a lane, are in
    flight while one is scanned. `chunk` must be a power of two from 32 to
    1024, `threads` a multiple of 32 up to 1024, `chunks_per_warp` from 1
    to 16, the segment's buffer (33 / 32 of its elements) at most 48 KB.
    Returns the launch; fails definitely, naming the unmet condition,
    otherwise.

    ```mlir
    %launch = transform.ks.scan_rows_warp %scan
        {chunk = 32 : i64, threads = 64 : i64, chunks_per_warp = 8 : i64}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$chunk,
                       I64Attr:$threads,
                       DefaultValuedAttr<I64Attr, "1">:$chunks_per_warp);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSScanRowsThreadOp : Op<Transform_Dialect, "ks.scan_rows_thread",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace a triangular masked reduction on buffers (a scan) by a thread-a-row scan kernel";
  let description = [{
    The scans `transform.ks.scan_rows` takes (an inclusive cumsum or
    cumprod along the rows, in f32 or f64, written as a reduction over a
    triangular mask, with the same scanned values, flips and folded
    copies), for short rows: a thread a row, folded sequentially (the
    seed's own association, so the results are the seed's bit for bit).

    - A block of `threads` threads owns as many consecutive rows; it loads
      them coalesced (`unroll` loads of a thread in flight at a time) into
      shared memory, a row every length | 1 elements (an odd stride: the
      threads' walks along their rows hit distinct banks);
    - each thread folds its row in place, `unroll` elements at a time;
    - the rows go back from shared memory to coalesced stores.

    `threads` must be a multiple of 32 up to 1024, `unroll` at least 1, the
    block's rows at most 48 KB. Returns the launch; fails definitely,
    naming the unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$threads,
                       I64Attr:$unroll);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSScanColumnsOp : Op<Transform_Dialect, "ks.scan_columns",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Replace a triangular masked reduction along a non-innermost dim by a column scan kernel";
  let description = [{
    The scans `transform.ks.scan_rows` takes (an inclusive cumsum or
    cumprod in f32 or f64, written as a reduction over a triangular mask,
    with the same scanned values), but along a dim other than the innermost:
    the output seen as [rows, length, inner] (`rows` the product of its dims
    before the scanned one, `inner` of those after it), scanned along the
    middle dim in place. A column is a (row, inner place) pair; consecutive
    columns are consecutive in memory.

    - A block of `columns` x `chunks` threads owns `columns` consecutive
      columns (blocks.x = ceil(rows * inner / columns)); the threads of a
      chunk take consecutive columns, so their loads and stores coalesce.
    - `chunks` = 1: each thread walks its column in order (the seed's
      association, so the results are the seed's bit for bit), `unroll`
      loads in flight a trip, then the length % unroll left.
    - `chunks` > 1 (few, long columns): the column is split into `chunks`
      contiguous chunks; each thread folds its own into a partial, the
      partials meet in shared memory, and each thread rescans its chunk
      from the fold of the chunks before it, storing the outputs.

    `columns` must be a multiple of 32, `columns` x `chunks` at most 1024,
    `unroll` at least 1; a scan along the innermost dim (inner = 1) is
    refused (the row scans take it). Returns the launch; fails definitely,
    naming the unmet condition, otherwise.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$columns,
                       I64Attr:$chunks, I64Attr:$unroll);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSReadPaddingInPlaceOp : KSEachTargetOp<"ks.read_padding_in_place",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Read a padded input's source in place, the padding checked per element";
  let description = [{
    `target` is a linalg op on buffers (a pooling, a convolution) one of
    whose inputs is a padded copy: an allocation filled with a constant,
    the source copied into a window of it (Torch-MLIR's `tensor.pad`,
    bufferized), read by nothing else. The op becomes a `linalg.generic`
    without that input: its payload reads the source at the element's
    place less the padding, clamped into the source, and takes the fill
    value where the place is outside it. The fill and the copy, two passes
    over the padded buffer, are erased (their dispatches recorded in the
    module's `ks.folded_dispatches`), and the buffer if nothing else uses
    it. With `enabled` = 0 the target is returned as it is (a skill's
    parameter chooses). Returns the generic; fails definitely where no
    input is such a copy.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "1">:$enabled);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def KSUnrollFullyOp : KSEachTargetOp<"ks.unroll_fully",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface]> {
  let summary = "Lower a linalg op to loops and unroll them all";
  let description = [{
    `target` is a linalg op on buffers whose loops all have static counts
    (a thread's tile of a convolution and its window). It becomes linalg's
    own scf.for nest, every loop unrolled fully, innermost first: one
    straight-line body whose loads of the same element are the same
    expression, so LLVM loads each once (a thread's RT x CT outputs share
    most of their window's inputs). Fails definitely where a count is
    dynamic or the copies of the body (the product of the counts) are past
    `max_copies`. With `enabled` = 0 the target is left as it is (a
    skill's parameter chooses). The handle is consumed.

    ```mlir
    // linalg.generic over (1, 1, 5, 5, 4, 2): a 5x5 window, 4x2 outputs
    transform.ks.unroll_fully %generic {enabled = 1} : !transform.any_op
    // 200 copies of the body, no loops
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "1">:$enabled,
                       DefaultValuedAttr<I64Attr, "1024">:$max_copies);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSFoldEpilogueIntoCopyBackOp : Op<Transform_Dialect, "ks.fold_epilogue_into_copy_back",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Apply the elementwise op after a kernel where its results leave registers";
  let description = [{
    `target` holds the `linalg.copy` ops of a kernel's loop nest that write
    its results from private buffers (`transform.structured.promote` with
    `use_alloca`) into tiles of a buffer B. When the op right after the nest
    (past views and constants) is an elementwise `linalg.generic` that
    rewrites all of B in place (through reshapes of it, identity maps, its
    payload reading only its element, values from outside and, where its
    loops are B's dimensions or a collapse of them, `linalg.index`: the
    place in B, the tile's offset plus the place in the tile), and the
    nest writes B only through these copies, each
    copy becomes that payload on its tile (the average pooling's division
    by the window applied to the sums in registers) and the op is erased,
    its dispatch recorded in the module's `ks.folded_dispatches`: B is
    written once instead of written, read and written again. Otherwise, or
    with `enabled` = 0, nothing changes. The handle is consumed.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<I64Attr, "1">:$enabled);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def KSSplitRemainderOp : Op<Transform_Dialect, "ks.split_remainder",
    [FunctionalStyleTransformOpTrait,
     DeclareOpInterfaceMethods<TransformOpInterface>,
     MemoryEffectsOpInterface]> {
  let summary = "Split off the part of a loop that whole tiles of a size leave over";
  let description = [{
    Each `target` (a linalg op with a static range R along loop `dimension`)
    is split (`linalg::splitOp`) at the largest multiple of `multiple` not
    past R: `main` runs that many iterations, which tiles of `multiple`
    cover whole, and `rest` the R mod `multiple` left over, an op of its
    own (marked `ks.remainder`, keeping the dispatch's number) that the
    skill leaves to the seed lowering. Where `multiple`
    divides R nothing is split and `rest` is empty. Fails definitely where
    the range is dynamic or shorter than `multiple`. The handle is
    consumed.

    ```mlir
    // R = 8191 output columns, tiles of 256 columns:
    %main, %rest = transform.ks.split_remainder %pool
        {dimension = 3 : i64, multiple = 256 : i64}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // %main: columns [0, 7936); %rest: columns [7936, 8191)
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       I64Attr:$dimension,
                       I64Attr:$multiple);
  let results = (outs TransformHandleTypeInterface:$main,
                      TransformHandleTypeInterface:$rest);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

#endif // KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS
