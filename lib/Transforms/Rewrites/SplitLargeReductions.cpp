//===- SplitLargeReductions.cpp - Two-stage reductions to few outputs -----===//
//
// The seed lowering runs one thread per output, so a reduction to a scalar
// (a loss, a norm) runs its millions of steps in one thread: 2.7 s for the
// mean of 16M squares on an H100, and a sequential fp32 sum that drifts.
// Reductions with few outputs and a long reduction are split in two on
// tensors, before bufferization: a partial stage with `ratio` partial
// results per output, each thread folding every ratio-th element (threads
// next to each other read neighbouring elements), and a final stage folding
// the partials. Upstream's linalg::splitReduction does the split; several
// reduction loops are first collapsed into one. Where they cannot be (an
// operand broadcast along some of them, as a row's statistic is reused
// along the row in a KL divergence), the outer reduction loops become
// parallel instead: a partial per output and outer index, folding the
// innermost loop, then a final stage folding the partials with the op's
// combiner.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/CollapsibleRuns.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSSPLITLARGEREDUCTIONS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct Shape {
  int64_t outputs = 1;   // product of the parallel loop ranges
  int64_t reduced = 1;   // product of the reduction loop ranges
  unsigned firstReduction = 0;
  unsigned numLoops = 0;
};

/// The loop ranges of a generic op whose parallel loops all come before its
/// reduction loops, all static; nothing otherwise.
std::optional<Shape> shapeOf(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.hasPureBufferSemantics())
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  Shape shape;
  shape.numLoops = ranges.size();
  shape.firstReduction = ranges.size();
  for (auto [i, it] : llvm::enumerate(iterators)) {
    if (ShapedType::isDynamic(ranges[i]))
      return std::nullopt;
    if (it == utils::IteratorType::reduction) {
      shape.firstReduction = std::min<unsigned>(shape.firstReduction, i);
      shape.reduced *= ranges[i];
    } else {
      if (i > shape.firstReduction)
        return std::nullopt; // a parallel loop inside a reduction loop
      shape.outputs *= ranges[i];
    }
  }
  if (shape.firstReduction == ranges.size())
    return std::nullopt;
  // The output indexed by exactly the parallel loops, in order: no kept
  // unit dims (d0, 0) or transposes, which splitReduction does not map.
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<AffineExpr> leading;
  for (unsigned i = 0; i < shape.firstReduction; ++i)
    leading.push_back(getAffineDimExpr(i, op.getContext()));
  if (out != AffineMap::get(shape.numLoops, 0, leading, op.getContext()))
    return std::nullopt;
  return shape;
}

/// The largest divisor of n that is at most limit.
int64_t largestDivisorAtMost(int64_t n, int64_t limit) {
  for (int64_t d = std::min(n, limit); d > 1; --d)
    if (n % d == 0)
      return d;
  return 1;
}

struct SplitLargeReductions
    : public ks::impl::KSSplitLargeReductionsBase<SplitLargeReductions> {
  using Base::Base;

  /// The final stages of the splits made so far.
  DenseSet<Operation *> finalStages;

  void runOnOperation() override {
    // The final stage of a split can itself be long enough to split again,
    // unless it goes to few outputs that one block each can fold quickly
    // (the KL loss's 4096 row sums; a loss's 65536 partials are split).
    finalStages.clear();
    IRRewriter rewriter(&getContext());
    DenseSet<Operation *> leftAlone;
    while (true) {
      SmallVector<std::pair<linalg::GenericOp, Shape>> candidates;
      getOperation()->walk([&](linalg::GenericOp op) {
        std::optional<Shape> shape = shapeOf(op);
        if (shape && isLongEnough(*shape) && !leftAlone.contains(op) &&
            !isBlockSizedFinalStage(op, *shape))
          candidates.emplace_back(op, *shape);
      });
      if (candidates.empty())
        break;
      for (auto [op, shape] : candidates)
        if (Operation *unsplit = split(rewriter, op, shape))
          leftAlone.insert(unsplit);
    }
    // What is left of a reduction to a scalar (its final stage) gets a
    // parallel loop of one: the row reduction of one row that the warp and
    // block skills take, instead of one thread walking its partials (a
    // loss's last 256 partials took 13 to 18 us that way on an H100).
    SmallVector<linalg::GenericOp> scalars;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isShortScalarReduction(op))
        scalars.push_back(op);
    });
    for (linalg::GenericOp op : scalars)
      addUnitParallelLoop(rewriter, op);
  }

  /// A reduction of one loop to 0-d results, on tensors, long enough for a
  /// warp to pay (at least 256 steps: a few more in one thread cost less
  /// than the launch).
  static bool isShortScalarReduction(linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 1 ||
        op.getNumReductionLoops() != 1)
      return false;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ShapedType::isDynamic(ranges[0]) || ranges[0] < 256)
      return false;
    return llvm::all_of(op.getDpsInits(), [](Value init) {
      return cast<RankedTensorType>(init.getType()).getRank() == 0;
    });
  }

  /// The same reduction over loops (d0 of range 1, d1 the reduction), its
  /// 0-d results seen as [1].
  static void addUnitParallelLoop(IRRewriter &rewriter, linalg::GenericOp op) {
    MLIRContext *context = op.getContext();
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    AffineExpr d0 = getAffineDimExpr(0, context), d1 = getAffineDimExpr(1, context);
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands())
      maps.push_back(op.getMatchingIndexingMap(input).replaceDimsAndSymbols({d1}, {}, 2, 0));
    SmallVector<Value> inits;
    SmallVector<Type> results;
    for (Value init : op.getDpsInits()) {
      auto type = cast<RankedTensorType>(init.getType());
      auto one = RankedTensorType::get({1}, type.getElementType());
      inits.push_back(tensor::ExpandShapeOp::create(rewriter, loc, one, init,
                                                    ArrayRef<ReassociationIndices>{}));
      results.push_back(one);
      maps.push_back(AffineMap::get(2, 0, {d0}, context));
    }
    auto generic = linalg::GenericOp::create(
        rewriter, loc, results, op.getDpsInputs(), inits, maps,
        {utils::IteratorType::parallel, utils::IteratorType::reduction});
    rewriter.inlineRegionBefore(op.getRegion(), generic.getRegion(), generic.getRegion().end());
    generic.getBody()->walk([&](linalg::IndexOp index) { index.setDim(1); });
    SmallVector<Value> scalars;
    for (auto [result, init] : llvm::zip(generic.getResults(), op.getDpsInits()))
      scalars.push_back(tensor::CollapseShapeOp::create(
          rewriter, loc, cast<RankedTensorType>(init.getType()), result,
          ArrayRef<ReassociationIndices>{}));
    rewriter.replaceOp(op, scalars);
  }

  /// A final stage one block per output folds in one kernel: splitting it
  /// again adds a kernel for the second partials and one for their fill.
  bool isBlockSizedFinalStage(linalg::GenericOp op, const Shape &shape) {
    return finalStages.contains(op) && shape.outputs <= fewOutputs &&
           shape.reduced <= maxFinalStage;
  }

  bool isLongEnough(const Shape &shape) {
    if (shape.outputs <= fewOutputs)
      return shape.reduced >= std::min<int64_t>(minReduction,
                                                minReductionFewOutputs);
    return shape.reduced >= minReduction && shape.outputs <= maxOutputs;
  }

  /// Splits `op`; if it cannot, returns the op left in its place (`op`, or
  /// its collapsed form, the same computation), else null.
  Operation *split(IRRewriter &rewriter, linalg::GenericOp op,
                   const Shape &shape) {
    // Split or left alone, the op is no final stage from here on (split, it
    // is erased, and a new op may come to have its address).
    bool finalStage = finalStages.erase(op.getOperation());
    // Each partial folds at least kMinPerPartial elements: fewer are not
    // worth a thread.
    constexpr int64_t kMinPerPartial = 64;
    // A reduction to few outputs (a loss's scalar) is split into partials
    // of about scalar-chunk contiguous elements: a block per partial reads
    // its chunk coalesced, in vector loads, and the final stage has few
    // enough partials for one block. Others: the partials interleaved.
    // (Only where that makes enough partials to fill the device: a short
    // reduction keeps more, interleaved, partials.)
    constexpr int64_t kMinContiguousPartials = 1024;
    bool contiguous = shape.outputs <= fewOutputs && scalarChunk > 0 &&
                      shape.reduced / scalarChunk >= kMinContiguousPartials;
    int64_t limit = contiguous
                        ? shape.reduced / scalarChunk
                        : std::min<int64_t>({(int64_t)maxPartials,
                                             std::max<int64_t>(2, targetThreads / shape.outputs),
                                             shape.reduced / kMinPerPartial});
    int64_t ratio = largestDivisorAtMost(shape.reduced, limit);
    if (ratio < 2)
      return op;

    rewriter.setInsertionPoint(op);
    linalg::LinalgOp target = op;
    if (shape.numLoops - shape.firstReduction > 1) {
      ReassociationIndices reduction;
      for (unsigned i = shape.firstReduction; i < shape.numLoops; ++i)
        reduction.push_back(i);
      if (!ks::preservesDimSequences(op.getIndexingMapsArray(), {reduction}))
        return splitOuterLoops(rewriter, op, shape);
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(op, {reduction}, rewriter);
      if (failed(collapsed))
        return op;
      rewriter.replaceOp(op, collapsed->results);
      target = collapsed->collapsedOp;
    }
    // Short enough for one block, as one row: a split would add a kernel
    // and a fill. (A split's final stage follows max-final-stage.) Not a
    // gather: its scattered loads want many SMs' requests in flight (cross
    // entropy's 16384 picked logits took 15.4 us in one block on the H100,
    // 3.1 us split over 64).
    bool gathers = target->walk([](tensor::ExtractOp) { return WalkResult::interrupt(); })
                       .wasInterrupted();
    if (!finalStage && !gathers && shape.outputs <= fewOutputs &&
        shape.reduced < oneBlockReduction)
      return target;
    unsigned outputRank = shape.firstReduction;
    FailureOr<linalg::SplitReductionResult> result = linalg::splitReduction(
        rewriter, target, [&](linalg::LinalgOp) {
          // Interleaved: the partials' loop innermost among the parallel
          // loops, so neighbouring threads read neighbouring elements.
          // Contiguous: the partials' loop outside the chunk's.
          return linalg::SplitReductionOptions{ratio, outputRank,
                                               /*innerParallel=*/!contiguous};
        });
    if (failed(result))
      return target; // e.g. a combiner splitReduction does not know
    finalStages.insert(result->resultCombiningLinalgOp.getOperation());
    remapIndices(rewriter, result->splitLinalgOp, outputRank,
                 contiguous ? shape.reduced / ratio : ratio);
    ++numSplit;
    return nullptr;
  }

  /// splitReduction clones the body as it is, so a `linalg.index` of the
  /// reduction loop `red` (a gather's row, an argmax's position) would read
  /// the outer loop of the split alone. The reduction loop became loops
  /// `red` and `red + 1`: the original index is their `red * step +
  /// (red + 1)` (interleaved: red walks steps of the partials' count, the
  /// inner loop the partial; contiguous: red is the partial, the inner loop
  /// walks its chunk of `step` elements); later loops moved one on.
  void remapIndices(IRRewriter &rewriter, linalg::LinalgOp partial,
                    unsigned red, int64_t step) {
    SmallVector<linalg::IndexOp> indices;
    partial->walk([&](linalg::IndexOp index) { indices.push_back(index); });
    for (linalg::IndexOp index : indices) {
      uint64_t dim = index.getDim();
      if (dim < red)
        continue;
      rewriter.setInsertionPoint(index);
      Location loc = index.getLoc();
      if (dim > red) {
        rewriter.replaceOpWithNewOp<linalg::IndexOp>(index, dim + 1);
        continue;
      }
      Value outer = linalg::IndexOp::create(rewriter, loc, red);
      Value inner = linalg::IndexOp::create(rewriter, loc, red + 1);
      Value stride = arith::ConstantIndexOp::create(rewriter, loc, step);
      Value scaled = arith::MulIOp::create(rewriter, loc, outer, stride);
      rewriter.replaceOpWithNewOp<arith::AddIOp>(index, scaled, inner);
    }
  }

  /// Reduction loops that cannot be collapsed: all but the innermost become
  /// parallel in a partial stage (one partial per output and outer index,
  /// initialized with the combiner's neutral element, the op's body
  /// unchanged), then a final stage folds the partials into the op's init
  /// with the combiner. Returns the op when it cannot (no single combiner
  /// with a neutral element), else null.
  Operation *splitOuterLoops(IRRewriter &rewriter, linalg::GenericOp op,
                             const Shape &shape) {
    unsigned inner = shape.numLoops - 1;
    SmallVector<Operation *> combinerOps;
    if (!matchReduction(op.getRegionOutputArgs(), 0, combinerOps) ||
        combinerOps.size() != 1)
      return op;
    Operation *combiner = combinerOps.front();
    std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
    if (!neutral || combiner->getNumOperands() != 2)
      return op;
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<int64_t> partialShape;
    SmallVector<AffineExpr> partialIndex, outputIndex;
    for (unsigned i = 0; i < inner; ++i) {
      partialShape.push_back(ranges[i]);
      partialIndex.push_back(getAffineDimExpr(i, ctx));
      if (i < shape.firstReduction)
        outputIndex.push_back(getAffineDimExpr(i, ctx));
    }
    Value init = op.getDpsInitOperand(0)->get();
    Type element = cast<ShapedType>(init.getType()).getElementType();

    rewriter.setInsertionPoint(op);
    Value empty = tensor::EmptyOp::create(rewriter, loc, partialShape, element);
    Value identity = arith::ConstantOp::create(rewriter, loc, *neutral);
    Value partialInit =
        linalg::FillOp::create(rewriter, loc, identity, empty).getResult(0);
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    maps.back() = AffineMap::get(shape.numLoops, 0, partialIndex, ctx);
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    for (unsigned i = shape.firstReduction; i < inner; ++i)
      iterators[i] = utils::IteratorType::parallel;
    auto partial = linalg::GenericOp::create(
        rewriter, loc, TypeRange{partialInit.getType()}, op.getDpsInputs(),
        ValueRange{partialInit}, maps, iterators);
    rewriter.cloneRegionBefore(op.getRegion(), partial.getRegion(),
                               partial.getRegion().begin());

    // The final stage: the partials folded along the outer reduction loops.
    SmallVector<utils::IteratorType> finalIterators;
    for (unsigned i = 0; i < inner; ++i)
      finalIterators.push_back(i < shape.firstReduction
                                   ? utils::IteratorType::parallel
                                   : utils::IteratorType::reduction);
    SmallVector<AffineMap> finalMaps{
        AffineMap::getMultiDimIdentityMap(inner, ctx),
        AffineMap::get(inner, 0, outputIndex, ctx)};
    Value accumulator = op.getRegionOutputArgs().front();
    auto final = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), ValueRange{partial.getResult(0)},
        ValueRange{init}, finalMaps, finalIterators,
        [&](OpBuilder &b, Location, ValueRange args) {
          IRMapping map;
          for (Value operand : combiner->getOperands())
            map.map(operand, operand == accumulator ? args[1] : args[0]);
          Operation *folded = b.clone(*combiner, map);
          linalg::YieldOp::create(b, loc, folded->getResults());
        });
    rewriter.replaceOp(op, final.getResults());
    finalStages.insert(final.getOperation());
    ++numSplit;
    return nullptr;
  }
};

} // namespace
